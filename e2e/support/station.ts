import path from "node:path";
import { RADIO_TEXTS } from "@airwave/contracts";
import type { Page } from "@playwright/test";
import { ensureTones, type RunningStation, startStation } from "../../station/station.mjs";
import { currentApp } from "./apps.ts";
import { baseUrl, test } from "./fixtures.ts";

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

/**
 * The station for a whole spec file: started before its first test, stopped after its last. `stop` and `start` let a
 * test take the station down and bring it back (an outage) without leaving it running when the file ends.
 */
export function useE2eStation() {
  let station: RunningStation | null = null;
  const stop = async () => {
    await station?.stop();
    station = null;
  };
  const start = async () => {
    station = await startE2eStation();
  };
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await start();
  });
  test.afterAll(stop);
  return { start, stop };
}

/** The bottom player, found as a listener's screen reader finds it. */
export const radioPlayer = (page: Page) =>
  page.getByRole("region", { name: RADIO_TEXTS.playerLabel });
/** The player's status line (Connecting…, Playing, Retrying…). */
export const radioPlayerStatus = (page: Page) => radioPlayer(page).getByTestId("radio-status");
