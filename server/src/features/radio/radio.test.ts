import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  HTTP_MESSAGES,
  type NowPlaying,
  RADIO_EVENTS,
  RADIO_MESSAGES,
  RADIO_PATHS,
  RADIO_TEXTS,
  type RadioStationView,
  stationWeek,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildDjApplication } from "../../../test/factories/dj.ts";
import {
  approvedRadioDj,
  type RadioDj,
  recordedIcecast,
  stationCall,
} from "../../../test/factories/radio.ts";
import { buildBooking } from "../../../test/factories/schedule.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock } from "../../platform/clock.ts";
import { users } from "../users/schema.ts";

let icecast: Awaited<ReturnType<typeof recordedIcecast>>;
let t: TestApp;
let admin: Agent;
let dj: RadioDj;

const signedIn = (build: typeof buildUser = buildUser) => signInMember(t, build);

beforeAll(async () => {
  icecast = await recordedIcecast();
  t = await createTestApp({
    RADIO_NOWPLAYING_URL: icecast.url,
    RADIO_STREAM_URL: "https://stream.example.test/radio.mp3",
  });
  admin = (await signedIn(buildAdmin)).agent;
  dj = await approvedRadioDj(t, admin);
});
afterAll(async () => {
  await t.close();
  await icecast.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await stationCall(t, "internalDjOff", {});
});

const nowPlaying = async (app = t): Promise<NowPlaying> => {
  const res = await new Agent(app.app).get(RADIO_PATHS.nowPlaying);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe("POST /api/internal/radio/auth", () => {
  it("answers true for an approved DJ's radio username and password (any case of the name)", async () => {
    const login = { user: dj.radioUsername, password: dj.radioPassword };
    expect(await stationCall(t, "internalAuth", login)).toEqual({ status: 200, body: "true" });
    const upper = { user: dj.radioUsername.toUpperCase(), password: dj.radioPassword };
    expect((await stationCall(t, "internalAuth", upper)).body).toBe("true");
  });

  it("accepts the password-only forms username,password and username:password", async () => {
    for (const user of ["source", ""]) {
      for (const sep of [",", ":"]) {
        const password = `${dj.radioUsername}${sep}${dj.radioPassword}`;
        expect({
          user,
          sep,
          ...(await stationCall(t, "internalAuth", { user, password })),
        }).toEqual({ user, sep, status: 200, body: "true" });
      }
    }
    // Without a user field at all, as some clients send it.
    const bare = { password: `${dj.radioUsername},${dj.radioPassword}` };
    expect((await stationCall(t, "internalAuth", bare)).body).toBe("true");
  });

  it("requires the shared key: without it, or with a wrong one, the answer is false", async () => {
    const login = { user: dj.radioUsername, password: dj.radioPassword };
    expect(await stationCall(t, "internalAuth", login, null)).toEqual({
      status: 200,
      body: "false",
    });
    expect((await stationCall(t, "internalAuth", login, "x".repeat(64))).body).toBe("false");
    expect((await stationCall(t, "internalAuth", login, "")).body).toBe("false");
  });

  it("refuses a wrong password, an unknown name, and the combined form with a wrong password", async () => {
    const cases = [
      { user: dj.radioUsername, password: `${dj.radioPassword}x` },
      { user: dj.radioUsername, password: "" },
      { user: "nobody_here", password: dj.radioPassword },
      { user: "source", password: `${dj.radioUsername},wrong-password` },
      { user: "source", password: dj.radioPassword },
      { user: "", password: "" },
      { user: dj.radioUsername, password: "p".repeat(500) },
    ];
    for (const login of cases) {
      expect({ login, ...(await stationCall(t, "internalAuth", login)) }).toEqual({
        login,
        status: 200,
        body: "false",
      });
    }
  });

  it("refuses a member whose application is pending or was rejected", async () => {
    const pending = await signedIn();
    await buildDjApplication(t.ctx.db, pending.user.id);
    const rejected = await signedIn();
    const app = await buildDjApplication(t.ctx.db, rejected.user.id);
    expect((await admin.post("/api/auth/rejectDj", { applicationId: app.id })).statusCode).toBe(
      200,
    );
    for (const m of [pending, rejected]) {
      // They have no radio password: their site password and their name do not get them on air.
      const login = { user: m.user.username.toLowerCase(), password: "correct-horse-42" };
      expect((await stationCall(t, "internalAuth", login)).body).toBe("false");
    }
  });

  it("refuses a DJ whose DJ status was removed, and a banned DJ", async () => {
    const former = await approvedRadioDj(t, admin);
    await t.ctx.db.update(users).set({ isDj: false }).where(eq(users.id, former.user.id));
    const banned = await approvedRadioDj(t, admin);
    await t.ctx.db
      .update(users)
      .set({ role: "banned", banReason: "Abuse", bannedAt: new Date() })
      .where(eq(users.id, banned.user.id));
    for (const m of [former, banned]) {
      const login = { user: m.radioUsername, password: m.radioPassword };
      expect((await stationCall(t, "internalAuth", login)).body).toBe("false");
    }
  });

  it("answers 400 for a body that is not JSON, never a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: RADIO_PATHS.internalAuth,
      payload: "{not json",
      headers: {
        "content-type": "application/json",
        "x-liquidsoap-api-key": t.config.STATION_API_KEY,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidInput });
  });
});

describe("djon and djoff", () => {
  it("djon makes now-playing show the DJ live (their username) and pushes the change; djoff ends it", async () => {
    expect((await nowPlaying()).live.is_live).toBe(false);
    const publish = vi.spyOn(t.ctx.realtime, "publish");
    const before = Math.floor(Date.now() / 1000);
    expect(await stationCall(t, "internalDjOn", { user: dj.radioUsername })).toEqual({
      status: 200,
      body: "true",
    });
    const live = await nowPlaying();
    expect(live.live).toMatchObject({ is_live: true, streamer_name: dj.user.username });
    expect(live.live.broadcast_start).toBeGreaterThanOrEqual(before);
    expect(live.now_playing).toMatchObject({
      streamer: dj.user.username,
      song: { artist: dj.user.username, title: RADIO_TEXTS.liveTitle },
    });
    expect(publish).toHaveBeenCalledWith(
      RADIO_EVENTS.nowPlaying,
      expect.objectContaining({ live: expect.objectContaining({ is_live: true }) }),
      { all: true },
    );

    expect((await stationCall(t, "internalDjOff", { user: dj.radioUsername })).body).toBe("true");
    const after = await nowPlaying();
    expect(after.live).toEqual({
      is_live: false,
      streamer_name: "",
      broadcast_start: null,
      art: null,
    });
    expect(after.now_playing?.song.title).toBe("Tone 440 Hz");
  });

  it("is idempotent: a second djon keeps the broadcast start, a second djoff changes nothing", async () => {
    await stationCall(t, "internalDjOn", { user: dj.radioUsername });
    const first = (await nowPlaying()).live.broadcast_start;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await stationCall(t, "internalDjOn", { user: dj.radioUsername })).body).toBe("true");
    expect((await nowPlaying()).live.broadcast_start).toBe(first);

    const publish = vi.spyOn(t.ctx.realtime, "publish");
    expect((await stationCall(t, "internalDjOff", { user: dj.radioUsername })).body).toBe("true");
    expect((await stationCall(t, "internalDjOff", { user: "" })).body).toBe("true");
    expect((await stationCall(t, "internalDjOff", {})).body).toBe("true");
    expect((await nowPlaying()).live.is_live).toBe(false);
    // One change, one push.
    expect(publish.mock.calls.filter(([event]) => event === RADIO_EVENTS.nowPlaying)).toHaveLength(
      1,
    );
  });

  it("need the key: djon without it records nothing", async () => {
    expect((await stationCall(t, "internalDjOn", { user: dj.radioUsername }, null)).body).toBe(
      "false",
    );
    expect((await nowPlaying()).live.is_live).toBe(false);
    await stationCall(t, "internalDjOn", { user: dj.radioUsername });
    expect((await stationCall(t, "internalDjOff", {}, "wrong-key")).body).toBe("false");
    expect((await nowPlaying()).live.is_live).toBe(true);
  });

  it("djon without a name records nothing", async () => {
    expect((await stationCall(t, "internalDjOn", { user: "" })).body).toBe("false");
    expect((await nowPlaying()).live.is_live).toBe(false);
  });
});

describe("GET /api/radio/nowplaying", () => {
  it("is public and answers AzuraCast's shape with the configured stream URL", async () => {
    const np = await nowPlaying();
    expect(np.is_online).toBe(true);
    expect(np.station).toMatchObject({
      name: "Airwave Radio",
      listen_url: "https://stream.example.test/radio.mp3",
    });
    expect(np.station.mounts[0]).toMatchObject({ bitrate: 128, format: "mp3" });
    expect(np.listeners.total).toBe(1);
  });

  it("says offline (never an error) once the station stops answering, and online again after", async () => {
    const radio = (await import("./service.ts")).radioOf(t.ctx);
    icecast.setUp(false);
    await radio.refresh();
    const down = await nowPlaying();
    expect(down.is_online).toBe(false);
    expect(down.now_playing).toBeNull();
    icecast.setUp(true);
    await radio.refresh();
    expect((await nowPlaying()).is_online).toBe(true);
  });

  it("says offline when no station is configured, and the stream relay is not found", async () => {
    const bare = await createTestApp();
    try {
      const np = await nowPlaying(bare);
      expect(np).toMatchObject({ is_online: false, now_playing: null });
      expect(np.station.name).toBe(RADIO_TEXTS.defaultStationName);
      const res = await new Agent(bare.app).get(RADIO_PATHS.stream);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: RADIO_MESSAGES.noStation });
    } finally {
      await bare.close();
    }
  });

  it("the bundled station's relay ends a listener's stream when the app closes, so the stop does not wait for it", async () => {
    // The station's mount: MP3 frames without end, from mid-frame, as Icecast's burst sends them.
    const frame = Buffer.alloc(417, 1);
    frame.set([0xff, 0xfb, 0x90, 0x44]);
    const mount = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "audio/mpeg" });
      res.write(frame.subarray(100));
      const timer = setInterval(() => res.write(frame), 50);
      res.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => mount.listen(0, "127.0.0.1", resolve));
    const { port } = mount.address() as AddressInfo;
    const bundled = await createTestApp({
      STATION: "on",
      ICECAST_HOST: "127.0.0.1",
      ICECAST_PORT: String(port),
    });
    try {
      await bundled.app.listen({ host: "127.0.0.1", port: 0 });
      const { port: appPort } = bundled.app.server.address() as AddressInfo;
      const listener = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`http://127.0.0.1:${appPort}${RADIO_PATHS.stream}`, resolve).on("error", reject),
      );
      expect(listener.statusCode).toBe(200);
      // The listener's first byte is a frame's: the player decodes at once.
      const first = await new Promise<Buffer>((resolve) => listener.once("data", resolve));
      expect([...first.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x90, 0x44]);
      const ended = new Promise<void>((resolve) => listener.once("close", resolve));
      listener.resume();

      const closing = Date.now();
      await bundled.app.close();
      await ended;
      expect(Date.now() - closing).toBeLessThan(3_000);
    } finally {
      await bundled.close();
      await new Promise((resolve) => mount.close(resolve));
    }
  });

  it("the bundled station's relay answers 503 while Icecast is down", async () => {
    const bundled = await createTestApp({ STATION: "on", ICECAST_PORT: "1" });
    try {
      const res = await new Agent(bundled.app).get(RADIO_PATHS.stream);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: RADIO_MESSAGES.streamUnavailable });
      expect((await nowPlaying(bundled)).station.listen_url).toBe(RADIO_PATHS.stream);
    } finally {
      await bundled.close();
    }
  });
});

describe("GET /api/radio/station (admin Tab 4)", () => {
  it("gives an admin the station, now-playing, mounts, live status and time zone", async () => {
    await stationCall(t, "internalDjOn", { user: dj.radioUsername });
    const res = await admin.get(RADIO_PATHS.station);
    expect(res.statusCode).toBe(200);
    const view: RadioStationView = res.json();
    expect(view).toMatchObject({
      source: "icecast",
      bundled: false,
      timezone: "Europe/London",
      harbor: { port: 8005, enforceSchedule: false },
      lastError: null,
    });
    expect(view.nowPlaying.station.mounts[0]).toMatchObject({
      bitrate: 128,
      format: "mp3",
      listeners: { total: 1 },
    });
    expect(view.nowPlaying.live).toMatchObject({ is_live: true, streamer_name: dj.user.username });
    expect(typeof view.checkedAt).toBe("string");
  });

  it("is refused to members (403) and visitors (401)", async () => {
    const m = await signedIn();
    expect((await m.agent.get(RADIO_PATHS.station)).statusCode).toBe(403);
    expect((await dj.agent.get(RADIO_PATHS.station)).statusCode).toBe(403);
    expect((await new Agent(t.app).get(RADIO_PATHS.station)).statusCode).toBe(401);
  });
});

describe("STATION_ENFORCE_SCHEDULE", () => {
  let e: TestApp;
  let eAdmin: Agent;
  let booked: RadioDj;
  const TZ = "Europe/London";
  // Wednesday 25 November 2026, 20:00 in London (UTC in winter): booked for the DJ.
  const SLOT = Date.UTC(2026, 10, 25, 20, 0);
  const MIN = 60_000;

  beforeAll(async () => {
    e = await createTestApp({ STATION_ENFORCE_SCHEDULE: "on", STATION_TIMEZONE: TZ });
    const { user, password } = await buildAdmin(e.ctx.db);
    eAdmin = new Agent(e.app);
    await eAdmin.login(user.username, password);
    booked = await approvedRadioDj(e, eAdmin);
    const { weekStart } = stationWeek(new Date(SLOT), TZ);
    await buildBooking(e.ctx.db, booked.user, { day: 2, hour: 20, weekStart });
    // A permanent Monday 00:00 booking: the slot right after the week changes.
    await buildBooking(e.ctx.db, booked.user, { day: 0, hour: 0, weekStart, perm: true });
  });
  afterAll(() => e.close());

  const loginAt = async (at: number) => {
    e.ctx.clock = fixedClock(at);
    const login = { user: booked.radioUsername, password: booked.radioPassword };
    return (await stationCall(e, "internalAuth", login)).body;
  };

  it.each([
    ["11 minutes before the slot", -11 * MIN, "false"],
    ["9 minutes before the slot", -9 * MIN, "true"],
    ["at its start", 0, "true"],
    ["in the middle", 30 * MIN, "true"],
    ["9 minutes after its end", 69 * MIN, "true"],
    ["11 minutes after its end", 71 * MIN, "false"],
    ["a day later", 24 * 60 * MIN, "false"],
  ])("%s: %s", async (_label, offset, expected) => {
    expect(await loginAt(SLOT + offset)).toBe(expected);
  });

  it("counts a slot across the week change (Sunday 23:55 before a Monday 00:00 slot)", async () => {
    expect(await loginAt(Date.UTC(2026, 10, 29, 23, 55))).toBe("true");
    expect(await loginAt(Date.UTC(2026, 10, 29, 23, 45))).toBe("false");
  });

  it("still refuses wrong credentials inside the slot, and a DJ with no booking", async () => {
    e.ctx.clock = fixedClock(SLOT + 5 * MIN);
    const wrong = { user: booked.radioUsername, password: "nope" };
    expect((await stationCall(e, "internalAuth", wrong)).body).toBe("false");
    const other = await approvedRadioDj(e, eAdmin);
    const login = { user: other.radioUsername, password: other.radioPassword };
    expect((await stationCall(e, "internalAuth", login)).body).toBe("false");
  });
});
