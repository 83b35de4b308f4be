import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { RADIO_TEXTS, stationWeek } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTones, type RunningStation } from "../../../station/station.mjs";
import { fixedClock, systemClock } from "../../src/platform/clock.ts";
import { Agent } from "../agent.ts";
import type { TestApp } from "../app.ts";
import { buildDjApplication } from "../factories/dj.ts";
import { approvedRadioDj, type RadioDj } from "../factories/radio.ts";
import { buildBooking } from "../factories/schedule.ts";
import { buildAdmin, buildUser, DEFAULT_TEST_PASSWORD } from "../factories.ts";
import { type AppWithStation, startAppWithStation } from "./app-with-station.ts";
import {
  icecastDj,
  listenForTones,
  probeIcy,
  recordStream,
  shoutcastDj,
  type ToneListener,
} from "./audio.ts";

/**
 * The real stack on 127.0.0.1: Icecast and Liquidsoap from Debian's packages started by the
 * project's launcher with its config and script, the app (a real HTTP listener) answering the
 * live log-in, ffmpeg as the DJs' encoder and as a listener. Issue 6, first acceptance bullet.
 */

const AUTO_DJ_TONES = [262, 330, 392];
const DJ_TONE = 1000;
const SECOND_DJ_TONE = 1500;
const CANDIDATES = [...AUTO_DJ_TONES, DJ_TONE, SECOND_DJ_TONE];
const isAutoDj = (hz: number) => AUTO_DJ_TONES.includes(hz);

let stack: AppWithStation;
let t: TestApp;
let station: RunningStation;
let stationDir: string;
let harborPort: number;
let nowPlaying: AppWithStation["nowPlaying"];
let nowPlayingUntil: AppWithStation["nowPlayingUntil"];
let listener: ToneListener;
let admin: Agent;
let dj: RadioDj;

beforeAll(async () => {
  stack = await startAppWithStation({
    env: { RADIO_POLL_SECONDS: "1" },
    music: async (dir) => expect(await ensureTones(dir)).toHaveLength(AUTO_DJ_TONES.length),
  });
  ({ t, station, harborPort, nowPlaying, nowPlayingUntil } = stack);
  stationDir = t.config.DATA_DIR;
  // A listener on the path the audience uses: the listener relay.
  listener = listenForTones(station.listenUrl, CANDIDATES);

  const { user, password } = await buildAdmin(t.ctx.db);
  admin = new Agent(t.app);
  await admin.login(user.username, password);
  dj = await approvedRadioDj(t, admin);
});

afterAll(async () => {
  listener?.close();
  await stack?.stop();
});

function probe(audio: Buffer) {
  const file = path.join(stationDir, `probe-${randomBytes(3).toString("hex")}.mp3`);
  writeFileSync(file, audio);
  const r = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_name,bit_rate,sample_rate", "-of", "json", file],
    { encoding: "utf8" },
  );
  return JSON.parse(r.stdout).streams[0] as {
    codec_name: string;
    bit_rate: string;
    sample_rate: string;
  };
}

/** A DJ session over the Icecast protocol that the station accepted: live until `stop`. */
async function goLive(user: string, password: string, hz = DJ_TONE) {
  const source = icecastDj(harborPort, user, password, hz);
  await nowPlayingUntil((np) => np.live.is_live).catch(async (err) => {
    await source.stop();
    throw new Error(
      `${err.message}\nffmpeg: ${source.output()}\n${stack.stationLog.slice(-20).join("\n")}`,
    );
  });
  return source;
}

async function goOffAir(source: { stop(): Promise<void> }) {
  await source.stop();
  await nowPlayingUntil((np) => !np.live.is_live);
}

/** An Icecast-protocol log-in the station refuses: ffmpeg ends with an error, nobody goes live. */
async function expectRefused(user: string, password: string) {
  const source = icecastDj(harborPort, user, password, SECOND_DJ_TONE);
  const code = await Promise.race([
    source.exited,
    new Promise<"still streaming">((r) => setTimeout(() => r("still streaming"), 15_000)),
  ]);
  await source.stop();
  expect({ user, code }).not.toEqual({ user, code: 0 });
  expect(code).not.toBe("still streaming");
  expect(source.output()).toMatch(/401|Unauthorized|Forbidden|denied/i);
  expect((await nowPlaying()).live.is_live).toBe(false);
}

describe("the bundled station with the app", () => {
  it("sends listeners MP3 at 128 kbps, from Icecast and through the listener relay", async () => {
    for (const url of [station.streamUrl, station.listenUrl]) {
      const audio = await recordStream(url, 2500);
      expect(audio.length).toBeGreaterThan(16_000);
      expect({ url, ...probe(audio) }).toEqual({
        url,
        codec_name: "mp3",
        bit_rate: "128000",
        sample_rate: "44100",
      });
    }
  });

  it("reports the Auto DJ track in now-playing while the Auto DJ tones are on air", async () => {
    await listener.waitFor(isAutoDj);
    const np = await nowPlayingUntil((n) => n.is_online && Boolean(n.now_playing?.song.title));
    expect(np.live.is_live).toBe(false);
    expect(np.station).toMatchObject({
      name: "Airwave Radio",
      listen_url: station.listenUrl,
      backend: "liquidsoap",
    });
    expect(np.station.mounts[0]).toMatchObject({ path: "/radio.mp3", bitrate: 128, format: "mp3" });
    expect(np.now_playing?.song).toMatchObject({ artist: "Auto DJ" });
    expect(np.now_playing?.song.title).toMatch(/^Tone (262|330|392) Hz$/);
    expect(np.listeners.total).toBeGreaterThanOrEqual(1);
  });

  it("puts an approved DJ on air with their radio credentials: live in now-playing, their tone on air, then back to Auto DJ", async () => {
    const source = await goLive(dj.radioUsername, dj.radioPassword);
    const live = await nowPlaying();
    expect(live.live).toMatchObject({ is_live: true, streamer_name: dj.user.username });
    await listener.waitFor(DJ_TONE);
    // ffmpeg sends no titles: players (ffprobe here) see the DJ's name, as now-playing says it.
    const liveTitle = `${dj.user.username} - ${RADIO_TEXTS.liveTitle}`;
    await nowPlayingUntil((np) => np.now_playing?.song.text === liveTitle);
    await expect
      .poll(async () => (await probeIcy(station.listenUrl)).StreamTitle, { timeout: 15_000 })
      .toBe(liveTitle);

    await goOffAir(source);
    await listener.waitFor(isAutoDj);
    const back = await nowPlayingUntil((np) => np.now_playing?.song.artist === "Auto DJ");
    expect(back.live).toEqual({
      is_live: false,
      streamer_name: "",
      broadcast_start: null,
      art: null,
    });
  });

  it("accepts the comma form over the Icecast protocol and the colon form over the Shoutcast protocol", async () => {
    const comma = await goLive("source", `${dj.radioUsername},${dj.radioPassword}`);
    expect((await nowPlaying()).live.streamer_name).toBe(dj.user.username);
    await goOffAir(comma);

    const colon = shoutcastDj(harborPort, `${dj.radioUsername}:${dj.radioPassword}`, DJ_TONE);
    expect(await colon.accepted).toBe(true);
    await nowPlayingUntil((np) => np.live.is_live && np.live.streamer_name === dj.user.username);
    await listener.waitFor(DJ_TONE);
    await goOffAir(colon);

    const wrong = shoutcastDj(harborPort, `${dj.radioUsername}:not-the-password`, DJ_TONE);
    expect(await wrong.accepted).toBe(false);
    await wrong.stop();
  });

  it("refuses a wrong password, a member whose application is pending, and a rejected member", async () => {
    await expectRefused(dj.radioUsername, `${dj.radioPassword}x`);

    const pending = await buildUser(t.ctx.db);
    await buildDjApplication(t.ctx.db, pending.user.id);
    await expectRefused(pending.user.username.toLowerCase(), DEFAULT_TEST_PASSWORD);

    const rejected = await buildUser(t.ctx.db);
    const app = await buildDjApplication(t.ctx.db, rejected.user.id);
    expect((await admin.post("/api/auth/rejectDj", { applicationId: app.id })).statusCode).toBe(
      200,
    );
    await expectRefused(rejected.user.username.toLowerCase(), DEFAULT_TEST_PASSWORD);
    await expectRefused(
      "source",
      `${rejected.user.username.toLowerCase()},${DEFAULT_TEST_PASSWORD}`,
    );
  });

  it("with STATION_ENFORCE_SCHEDULE on, refuses the DJ outside their slot and accepts them inside it", async () => {
    // Wednesday 25 November 2026, 20:00 station time (London, UTC in winter) is booked for the DJ.
    const slot = Date.UTC(2026, 10, 25, 20, 0);
    const { weekStart } = stationWeek(new Date(slot), t.config.STATION_TIMEZONE);
    await buildBooking(t.ctx.db, dj.user, { day: 2, hour: 20, weekStart });
    // The app as started with STATION_ENFORCE_SCHEDULE=on (the setting is read on every log-in).
    t.ctx.config.STATION_ENFORCE_SCHEDULE = true;
    try {
      t.ctx.clock = fixedClock(slot - 30 * 60_000);
      await expectRefused(dj.radioUsername, dj.radioPassword);
      t.ctx.clock = fixedClock(slot + 5 * 60_000);
      await goOffAir(await goLive(dj.radioUsername, dj.radioPassword));
    } finally {
      t.ctx.config.STATION_ENFORCE_SCHEDULE = false;
      t.ctx.clock = systemClock;
    }
  });

  it("with the app stopped, refuses the DJ (fails closed) while the Auto DJ keeps playing", async () => {
    await t.app.close();
    await expectRefusedWithoutApp(dj.radioUsername, dj.radioPassword);
    await listener.waitFor(isAutoDj);
    // Still on air a few seconds later, and still the Auto DJ.
    await new Promise((r) => setTimeout(r, 3000));
    expect(isAutoDj(listener.current() ?? 0)).toBe(true);
  });
});

/** Like expectRefused, without asking the (stopped) app's now-playing. */
async function expectRefusedWithoutApp(user: string, password: string) {
  const source = icecastDj(harborPort, user, password, SECOND_DJ_TONE);
  const code = await Promise.race([
    source.exited,
    new Promise<"still streaming">((r) => setTimeout(() => r("still streaming"), 15_000)),
  ]);
  await source.stop();
  expect(code).not.toBe("still streaming");
  expect(code).not.toBe(0);
  expect(source.output()).toMatch(/401|Unauthorized|Forbidden|denied/i);
}
