import path from "node:path";
import { ensureTones, type RunningStation, startStation } from "../../station/station.mjs";
import { currentApp } from "./apps.ts";
import { baseUrl } from "./fixtures.ts";

/**
 * The bundled radio station (Icecast + Liquidsoap + the listener relay) for the app the browser tests run against: on
 * the ports global-setup gave the app, with the app's data folder (its shared key) and a few
 * generated tones. Only the radio tests start it, so the other tests see the station offline.
 */
export async function startE2eStation(): Promise<RunningStation> {
  const { dataDir, radio } = currentApp();
  const musicDir = path.join(dataDir, "autodj");
  await ensureTones(musicDir);
  return startStation({
    dataDir,
    musicDir,
    name: "Airwave Radio",
    mount: "/radio.mp3",
    icecastHost: "127.0.0.1",
    icecastPort: radio.icecastPort,
    harborHost: "127.0.0.1",
    harborPort: radio.harborPort,
    listenPort: radio.listenPort,
    appUrl: baseUrl(),
  });
}

export const e2eHarborPort = () => currentApp().radio.harborPort;
