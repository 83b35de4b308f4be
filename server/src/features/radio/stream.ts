import http, { type IncomingMessage } from "node:http";
import { RADIO_LIMITS } from "@airwave/contracts";

const STALL_MS = 10_000;

/**
 * Opens the bundled station's Icecast mount (127.0.0.1 only) for one listener, so that browsers play
 * the station through the app's own origin. Resolves with the audio stream once Icecast answers
 * 200; null when Icecast is down or the mount is not on air.
 */
export function openStationStream(url: string): Promise<IncomingMessage | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: { "user-agent": "Airwave relay" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        req.destroy();
        resolve(null);
        return;
      }
      // Icecast sends without pause: silence this long means the station stalled, so end the
      // listener's answer and let the player reconnect.
      req.setTimeout(STALL_MS, () => req.destroy());
      resolve(res);
    });
    req.setTimeout(RADIO_LIMITS.stationTimeoutMs, () => req.destroy());
    req.on("error", () => resolve(null));
  });
}
