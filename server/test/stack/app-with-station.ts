import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type NowPlaying, RADIO_PATHS } from "@airwave/contracts";
import { expect } from "vitest";
import { type RunningStation, startStation } from "../../../station/station.mjs";
import { createTestApp, type TestApp } from "../app.ts";
import { freePort, freePortPair } from "../free-port.ts";

export interface AppWithStation {
  t: TestApp;
  /** The app's own address (a real HTTP listener: Liquidsoap asks it about log-ins and titles). */
  appUrl: string;
  station: RunningStation;
  /** The harbor's port (Icecast protocol); Shoutcast clients use port + 1. */
  harborPort: number;
  /** The station's last 200 lines, for a failing test's message. */
  stationLog: string[];
  /** The public now-playing answer, as a player gets it. */
  nowPlaying(): Promise<NowPlaying>;
  /** Asks now-playing until `check` holds (the app pushes changes; a test polls its API). */
  nowPlayingUntil(check: (np: NowPlaying) => boolean, timeoutMs?: number): Promise<NowPlaying>;
  stop(): Promise<void>;
}

/**
 * The real station (Icecast, Liquidsoap and the listener relay, started by the project's launcher on
 * the app's DATA_DIR) and the app it talks to, every port a free one on 127.0.0.1. `music` fills the
 * Auto DJ's folder before the station starts; `env` adds to the app's configuration.
 */
export async function startAppWithStation(options: {
  music: (dir: string) => Promise<unknown>;
  env?: Record<string, string>;
  genre?: string;
}): Promise<AppWithStation> {
  const [icecastPort, harborPort, listenPort] = [
    await freePort(),
    await freePortPair(),
    await freePort(),
  ];
  const apiKey = randomBytes(32).toString("hex");
  const t = await createTestApp({
    STATION: "on",
    ICECAST_PORT: String(icecastPort),
    STATION_HARBOR_PORT: String(harborPort),
    RADIO_LISTEN_PORT: String(listenPort),
    STATION_API_KEY: apiKey,
    ...(options.genre ? { STATION_GENRE: options.genre } : {}),
    ...options.env,
  });
  const stationLog: string[] = [];
  let station: RunningStation | undefined;
  const stop = async () => {
    await station?.stop();
    await t.close();
  };
  try {
    const appUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const musicDir = path.join(t.config.DATA_DIR, "autodj");
    await mkdir(musicDir, { recursive: true });
    await options.music(musicDir);
    station = await startStation(
      {
        dataDir: t.config.DATA_DIR,
        musicDir,
        name: "Airwave Radio",
        ...(options.genre ? { genre: options.genre } : {}),
        mount: "/radio.mp3",
        icecastHost: "127.0.0.1",
        icecastPort,
        harborHost: "127.0.0.1",
        harborPort,
        listenPort,
        appUrl,
        apiKey,
      },
      (line) => {
        stationLog.push(line);
        if (stationLog.length > 200) stationLog.shift();
      },
    );
    const nowPlaying = async () => {
      const res = await fetch(`${appUrl}${RADIO_PATHS.nowPlaying}`);
      expect(res.status).toBe(200);
      return (await res.json()) as NowPlaying;
    };
    const nowPlayingUntil = async (check: (np: NowPlaying) => boolean, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      let last: NowPlaying | null = null;
      while (Date.now() < deadline) {
        last = await nowPlaying();
        if (check(last)) return last;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`now-playing never matched; last: ${JSON.stringify(last)}`);
    };
    return { t, appUrl, station, harborPort, stationLog, nowPlaying, nowPlayingUntil, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
