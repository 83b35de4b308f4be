import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { MP3_ROUTES, RADIO_PATHS, type RadioStationView, routePath } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStation } from "../../../station/station.mjs";
import { Agent } from "../agent.ts";
import type { TestApp } from "../app.ts";
import { buildTrack } from "../factories/mp3.ts";
import { buildAdmin } from "../factories.ts";
import { type AppWithStation, startAppWithStation } from "./app-with-station.ts";
import { probeIcy, toneFile } from "./audio.ts";

/**
 * Issue 27, "Any player": the real station (Icecast + Liquidsoap + the listener relay, started by the
 * project's launcher) with the app. ffprobe, a player this project did not write, reads the station's
 * ICY headers and StreamTitle from the public stream URL, and the title is now-playing's; the
 * playlists name that URL; a library track put on air shows its title there; now-playing counts the
 * relay's listeners. Now-playing is polled only every 300 s here: Liquidsoap's call on each new
 * title is what keeps it current.
 */

const TRACK_NAME = `Listen Anthem ${randomBytes(2).toString("hex")}`;

let stack: AppWithStation;
let t: TestApp;
let appUrl: string;
let station: RunningStation;
let nowPlaying: AppWithStation["nowPlaying"];
let admin: Agent;
let adminName: string;
let trackId: string;

beforeAll(async () => {
  stack = await startAppWithStation({
    genre: "Drum and Bass",
    env: { RADIO_POLL_SECONDS: "300" },
    // Short tracks: the title changes every few seconds.
    music: async (dir) => {
      for (const hz of [330, 392]) {
        await toneFile(path.join(dir, `tone-${hz}.mp3`), hz, 5, `Tone ${hz} Hz`, "Auto DJ");
      }
    },
  });
  ({ t, appUrl, station, nowPlaying } = stack);

  const built = await buildAdmin(t.ctx.db);
  adminName = built.user.username;
  admin = new Agent(t.app);
  await admin.login(built.user.username, built.password);
  const file = path.join(t.config.DATA_DIR, "upload.mp3");
  await toneFile(file, 880, 5, "File Tag Title", "File Tag Artist");
  const track = await buildTrack(t.ctx, built.user.id, {
    trackName: TRACK_NAME,
    data: await readFile(file),
    duration: 5,
  });
  trackId = track.id;
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Asks ffprobe and now-playing until ffprobe's StreamTitle is now-playing's title and `check` holds
 * (titles change every few seconds, so one pair may straddle a change).
 */
async function titlesUntil(check: (title: string) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last: [string | undefined, string | undefined] = [undefined, undefined];
  while (Date.now() < deadline) {
    const np = await nowPlaying();
    const tags = await probeIcy(np.station.listen_url);
    const text = (await nowPlaying()).now_playing?.song.text;
    last = [tags.StreamTitle, text];
    if (tags.StreamTitle && tags.StreamTitle === text && check(text)) return { tags, np };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `ffprobe's StreamTitle and now-playing's title never matched: ${JSON.stringify(last)}\n${stack.stationLog.slice(-20).join("\n")}`,
  );
}

describe("the public stream in any player", () => {
  it("ffprobe reads the station's ICY headers and now-playing's title; the playlists and the old path name the stream", async () => {
    const np = await nowPlaying();
    expect(np.station.listen_url).toBe(station.listenUrl);
    const { tags } = await titlesUntil((title) => /^Auto DJ - Tone (330|392) Hz$/.test(title));
    expect(tags).toMatchObject({
      "icy-name": "Airwave Radio",
      "icy-genre": "Drum and Bass",
      "icy-br": "128",
    });

    // Absolute URLs on PUBLIC_URL (this test's app listens on a port of its own).
    expect(np.station.playlist_m3u_url).toBe(`${t.config.PUBLIC_URL}${RADIO_PATHS.playlistM3u}`);
    expect(np.station.playlist_pls_url).toBe(`${t.config.PUBLIC_URL}${RADIO_PATHS.playlistPls}`);
    const m3u = await fetch(`${appUrl}${RADIO_PATHS.playlistM3u}`);
    expect(m3u.status).toBe(200);
    const m3uLines = (await m3u.text()).trim().split("\n");
    expect(m3uLines[0]).toBe("#EXTM3U");
    expect(m3uLines.filter((l) => !l.startsWith("#"))).toEqual([station.listenUrl]);

    const pls = await fetch(`${appUrl}${RADIO_PATHS.playlistPls}`);
    expect(pls.status).toBe(200);
    const entries = new Map(
      (await pls.text())
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const),
    );
    expect([entries.get("NumberOfEntries"), entries.get("File1")]).toEqual([
      "1",
      station.listenUrl,
    ]);
    // ffprobe takes the playlist's entry and reaches the stream.
    expect((await probeIcy(entries.get("File1") ?? "")).StreamTitle).toMatch(/ - /);

    const old = await fetch(`${appUrl}${RADIO_PATHS.stream}`, { redirect: "manual" });
    expect([old.status, old.headers.get("location")]).toEqual([307, station.listenUrl]);
  });

  it("a library track put on air shows its library title in ffprobe and in now-playing", async () => {
    const put = await admin.send("PUT", routePath(MP3_ROUTES.rotation.path, { id: trackId }), {
      inRotation: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    await titlesUntil((title) => title === `${adminName} - ${TRACK_NAME}`, 40_000);
  });

  it("now-playing and the admin's radio tab count the relay's listeners", async () => {
    const listeners = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const req = http.get(station.listenUrl, (res) => {
              res.resume();
              resolve(req);
            });
            req.on("error", reject);
          }),
      ),
    );
    try {
      const deadline = Date.now() + 20_000;
      let view: RadioStationView | null = null;
      while (Date.now() < deadline) {
        // The admin's radio tab asks the station afresh.
        view = (await admin.get(RADIO_PATHS.station)).json() as RadioStationView;
        if (view.nowPlaying.listeners.total === 3) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(view?.nowPlaying.listeners.total).toBe(3);
      expect(view?.nowPlaying.station.mounts.find((m) => m.is_default)?.listeners.current).toBe(3);
      expect((await nowPlaying()).listeners.total).toBe(3);
    } finally {
      for (const req of listeners) req.destroy();
    }
  });
});
