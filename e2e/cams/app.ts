import { freePort } from "../../server/test/free-port.ts";
import { startJanus } from "../../station/janus.mjs";
import { type Started, startApp } from "../support/global-setup.ts";

export interface CamsApp extends Started {
  /** Janus's process id. */
  janusPid: number;
}

/**
 * The app with a Janus of its own, for the cams' browser test and benchmark (run inside a
 * loopback-only network namespace: scripts/lib/loopback-netns.mjs): Janus started into the app's
 * data folder as `npm start` starts it (config and secrets there), with ICE on 127.0.0.1 only and
 * a range of 100 RTP ports; the app told to keep only 127.0.0.1 candidates.
 */
export async function startCamsApp(): Promise<CamsApp> {
  const wsPort = await freePort();
  const rtpMin = 20_000 + Math.floor(Math.random() * 400) * 100;
  const rtpPorts = { min: rtpMin, max: rtpMin + 99 };
  let janusPid = 0;
  const started = await startApp({
    env: {
      CAMS: "on",
      JANUS_WS_PORT: String(wsPort),
      CAMS_RTP_PORTS: `${rtpPorts.min}-${rtpPorts.max}`,
      CAMS_LOOPBACK_ONLY: "on",
    },
    prepare: async (dataDir) => {
      const janus = await startJanus({ dataDir, wsPort, rtpPorts, iceEnforceList: "127.0.0.1" });
      janusPid = janus.pid;
      return () => janus.stop();
    },
  });
  return { ...started, janusPid };
}
