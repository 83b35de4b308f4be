import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MP3_ROUTES, type NowPlaying, RADIO_PATHS, routePath } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStation, startStation } from "../../../station/station.mjs";
import { Agent } from "../agent.ts";
import { createTestApp, type TestApp } from "../app.ts";
import { buildTrack } from "../factories/mp3.ts";
import { buildAdmin } from "../factories.ts";
import { freePortPair } from "../free-port.ts";
import { freePort, listenForTones, type ToneListener, toneFile as tone } from "./audio.ts";

/**
 * Issue 18, "On air": the real station (Icecast + Liquidsoap from Debian's packages, started by the
 * project's launcher on the app's DATA_DIR) plays a library track an Admin put into the Auto DJ's
 * rotation, and now-playing shows its stored name and uploader, not the file's own tags; taken out,
 * it is not played again. Short tones keep the Auto DJ's tracks changing every few seconds.
 */

const MUSIC_TONES = [330, 392];
const TRACK_TONE = 880;
const TRACK_NAME = `Rotation Anthem ${randomBytes(2).toString("hex")}`;

let t: TestApp;
let appUrl: string;
let station: RunningStation;
let listener: ToneListener;
let admin: Agent;
let adminName: string;
let trackId: string;
const stationLog: string[] = [];

beforeAll(async () => {
  const [icecastPort, harborPort, listenPort] = [
    await freePort(),
    await freePortPair(),
    await freePort(),
  ];
  const apiKey = randomBytes(32).toString("hex");
  t = await createTestApp({
    STATION: "on",
    ICECAST_PORT: String(icecastPort),
    STATION_HARBOR_PORT: String(harborPort),
    RADIO_LISTEN_PORT: String(listenPort),
    STATION_API_KEY: apiKey,
    RADIO_POLL_SECONDS: "1",
  });
  appUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });

  const musicDir = path.join(t.config.DATA_DIR, "autodj");
  await mkdir(musicDir, { recursive: true });
  for (const hz of MUSIC_TONES) {
    await tone(path.join(musicDir, `tone-${hz}.mp3`), hz, 4, `Tone ${hz} Hz`, "Auto DJ");
  }
  station = await startStation(
    {
      dataDir: t.config.DATA_DIR,
      musicDir,
      name: "Airwave Radio",
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
  listener = listenForTones(station.listenUrl, [...MUSIC_TONES, TRACK_TONE]);

  const built = await buildAdmin(t.ctx.db);
  adminName = built.user.username;
  admin = new Agent(t.app);
  await admin.login(built.user.username, built.password);
  // The file's own tags say something else: now-playing must show the library's name.
  const file = path.join(t.config.DATA_DIR, "upload.mp3");
  await tone(file, TRACK_TONE, 4, "File Tag Title", "File Tag Artist");
  const track = await buildTrack(t.ctx, built.user.id, {
    trackName: TRACK_NAME,
    data: await readFile(file),
    duration: 4,
  });
  trackId = track.id;
});

afterAll(async () => {
  listener?.close();
  await station?.stop();
  await t?.close();
});

async function nowPlaying(): Promise<NowPlaying> {
  const res = await fetch(`${appUrl}${RADIO_PATHS.nowPlaying}`);
  expect(res.status).toBe(200);
  return (await res.json()) as NowPlaying;
}

const title = (np: NowPlaying) => np.now_playing?.song.title ?? "";

async function nowPlayingUntil(check: (np: NowPlaying) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: NowPlaying | null = null;
  while (Date.now() < deadline) {
    last = await nowPlaying();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `now-playing never matched; last: ${JSON.stringify(last?.now_playing?.song)}\n${stationLog.slice(-30).join("\n")}`,
  );
}

const setRotation = (inRotation: boolean) =>
  admin.send("PUT", routePath(MP3_ROUTES.rotation.path, { id: trackId }), { inRotation });

describe("the Auto DJ's rotation on the real station", () => {
  it("plays a track put in rotation under its library name, and stops playing it once taken out", async () => {
    // Before: only the music folder's tones.
    await nowPlayingUntil((np) => np.now_playing?.song.artist === "Auto DJ", 20_000);

    const put = await setRotation(true);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().track).toMatchObject({ _id: trackId, inRotation: true });

    const playing = await nowPlayingUntil((np) => title(np) === TRACK_NAME, 25_000);
    expect(playing.now_playing?.song).toMatchObject({ title: TRACK_NAME, artist: adminName });
    expect(playing.live.is_live).toBe(false);
    // The track's own audio is what listeners hear.
    await listener.waitFor(TRACK_TONE, 10_000);

    const out = await setRotation(false);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().track.inRotation).toBe(false);
    // The track on air ends; from then on, the Auto DJ plays the music folder only.
    await nowPlayingUntil((np) => title(np) !== "" && title(np) !== TRACK_NAME, 15_000);
    const heard = new Set<string>();
    const until = Date.now() + 14_000;
    while (Date.now() < until) {
      const now = title(await nowPlaying());
      heard.add(now);
      expect(now).not.toBe(TRACK_NAME);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Long enough for the rotation's turn to have come several times (4-second tones).
    expect([...heard].filter((h) => h.startsWith("Tone ")).length).toBe(MUSIC_TONES.length);
  });
});
