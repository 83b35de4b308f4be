import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { MP3_ROUTES, type NowPlaying, routePath } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../agent.ts";
import type { TestApp } from "../app.ts";
import { buildTrack } from "../factories/mp3.ts";
import { buildAdmin } from "../factories.ts";
import { type AppWithStation, startAppWithStation } from "./app-with-station.ts";
import { listenForTones, type ToneListener, toneFile as tone } from "./audio.ts";

/**
 * Issue 18, "On air": the real station (Icecast + Liquidsoap from Debian's packages, started by the
 * project's launcher on the app's DATA_DIR) plays a library track an Admin put into the Auto DJ's
 * rotation, and now-playing shows its stored name and uploader, not the file's own tags; taken out,
 * it is not played again. Short tones keep the Auto DJ's tracks changing every few seconds.
 */

const MUSIC_TONES = [330, 392];
const TRACK_TONE = 880;
const TRACK_NAME = `Rotation Anthem ${randomBytes(2).toString("hex")}`;

let stack: AppWithStation;
let t: TestApp;
let nowPlaying: AppWithStation["nowPlaying"];
let listener: ToneListener;
let admin: Agent;
let adminName: string;
let trackId: string;

beforeAll(async () => {
  stack = await startAppWithStation({
    env: { RADIO_POLL_SECONDS: "1" },
    music: async (dir) => {
      for (const hz of MUSIC_TONES) {
        await tone(path.join(dir, `tone-${hz}.mp3`), hz, 4, `Tone ${hz} Hz`, "Auto DJ");
      }
    },
  });
  ({ t, nowPlaying } = stack);
  listener = listenForTones(stack.station.listenUrl, [...MUSIC_TONES, TRACK_TONE]);

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
  await stack?.stop();
});

const title = (np: NowPlaying) => np.now_playing?.song.title ?? "";

/** now-playing until `check` holds; the station's last lines in the failure's message. */
const nowPlayingUntil = (check: (np: NowPlaying) => boolean, timeoutMs: number) =>
  stack.nowPlayingUntil(check, timeoutMs).catch((err: Error) => {
    throw new Error(`${err.message}\n${stack.stationLog.slice(-30).join("\n")}`);
  });

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
