import http, { type IncomingMessage } from "node:http";
import { Transform } from "node:stream";
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

// MPEG audio Layer III frame headers: enough to find where a frame starts.
const KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The length of the Layer III frame whose header starts at `i`, or 0 when none starts there. */
function frameLength(b: Buffer, i: number): number {
  if (b[i] !== 0xff || ((b[i + 1] ?? 0) & 0xe6) !== 0xe2) return 0;
  const version = ((b[i + 1] ?? 0) >> 3) & 3;
  const rates = RATES[version];
  const kbps = (version === 3 ? KBPS.v1 : KBPS.v2)[(b[i + 2] ?? 0) >> 4];
  const rate = rates?.[((b[i + 2] ?? 0) >> 2) & 3];
  if (!kbps || !rate) return 0;
  const padding = ((b[i + 2] ?? 0) >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/**
 * Icecast's burst starts wherever its queue block does, mid-frame: Chromium then reads about 130 KB
 * (4 s of a 128 kbps stream) before it decides what it holds, against 0.1 s from a frame start.
 * Skips to the first frame followed by another, then passes everything through.
 */
export function fromFrameStart(): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!pending) return done(null, chunk);
      const b = Buffer.concat([pending, chunk]);
      for (let i = 0; i + 4 <= b.length; i++) {
        const length = frameLength(b, i);
        if (!length) continue;
        if (i + length + 4 > b.length) break;
        if (frameLength(b, i + length)) {
          pending = null;
          return done(null, b.subarray(i));
        }
      }
      // Not found yet: keep the tail (a header may straddle chunks), at most one frame's worth.
      pending = b.subarray(Math.max(0, b.length - 4096));
      done();
    },
  });
}
