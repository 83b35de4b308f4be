import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  MP3_MESSAGES,
  MP3_ROUTES,
  type Mp3ListAnswer,
  type Mp3Track,
  routePath,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { parseFile } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildTrack } from "../../../test/factories/mp3.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { freePort } from "../../../test/free-port.ts";
import { type Mp3Corpus, makeMp3Corpus } from "../../../test/mp3-corpus.ts";
import { fixedClock, systemClock } from "../../platform/clock.ts";
import { RETIRED_COPY_KEPT_MS, syncRotation } from "./rotation.ts";
import { rotationDir, rotationPlaylistFile, rotationPlaylistText } from "./rotation-playlist.ts";
import { mp3Tracks } from "./schema.ts";

let t: TestApp;
let corpus: Mp3Corpus;
let admin: Agent;
let adminId: string;
let adminName: string;

async function signIn(build = buildUser) {
  const { user, password } = await build(t.ctx.db);
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  return { agent, user };
}

beforeAll(async () => {
  // The bundled station on (nothing listens on its Icecast port: now-playing is offline).
  [t, corpus] = await Promise.all([
    freePort().then((port) => createTestApp({ STATION: "on", ICECAST_PORT: String(port) })),
    makeMp3Corpus(),
  ]);
  const signedIn = await signIn(buildAdmin);
  admin = signedIn.agent;
  adminId = signedIn.user.id;
  adminName = signedIn.user.username;
});
afterAll(() => t?.close());

const rotationUrl = (id: string) => routePath(MP3_ROUTES.rotation.path, { id });
const setRotation = (agent: Agent, id: string, inRotation: unknown) =>
  agent.send("PUT", rotationUrl(id), { inRotation });
const copyOf = (id: string) => path.join(rotationDir(t.config.DATA_DIR), `${id}.mp3`);
const playlist = async () =>
  (await readFile(rotationPlaylistFile(t.config.DATA_DIR), "utf8"))
    .split("\n")
    .filter((line) => line && !line.startsWith("#"));
const flag = async (id: string) =>
  (await t.ctx.db.select().from(mp3Tracks).where(eq(mp3Tracks.id, id)))[0]?.inRotation;

/** A real MP3 (tagged "Corpus Tone" by "Tests") in the library. */
const realTrack = (overrides: Parameters<typeof buildTrack>[2] = {}) =>
  buildTrack(t.ctx, adminId, { data: corpus.cbrTagged, ...overrides });

describe("PUT /api/auth/mp3/{id}/rotation", () => {
  it("is for Admins only: 401 signed out, 403 for a member and a Moderator, nothing changes", async () => {
    const track = await realTrack();
    const signedOut = await setRotation(new Agent(t.app), track.id, true);
    expect(signedOut.statusCode).toBe(401);
    for (const build of [buildUser, buildModerator]) {
      const { agent } = await signIn(build);
      const res = await setRotation(agent, track.id, true);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MP3_MESSAGES.rotationAdminOnly);
    }
    expect(await flag(track.id)).toBe(false);
    expect(await playlist()).not.toContain(copyOf(track.id));
  });

  it("needs the CSRF token", async () => {
    const track = await realTrack();
    const res = await admin.request("PUT", rotationUrl(track.id), { body: { inRotation: true } });
    expect(res.statusCode).toBe(403);
    expect(await flag(track.id)).toBe(false);
  });

  it("answers 404 with a clear message for an unknown track, 400 for a body that is not a yes or no", async () => {
    const unknown = await setRotation(admin, "no-such-track", true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MP3_MESSAGES.trackNotFound);

    const track = await realTrack();
    const wrong = await setRotation(admin, track.id, "yes");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MP3_MESSAGES.rotationInvalid);
    expect(await flag(track.id)).toBe(false);
  });

  it("puts a track in and takes it out: the answer, the library's lists and the station's playlist say so", async () => {
    const track = await realTrack({ trackName: "On Air Tonight" });
    const other = await realTrack();

    const put = await setRotation(admin, track.id, true);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      message: MP3_MESSAGES.addedToRotation,
      track: { _id: track.id, trackName: "On Air Tonight", username: adminName, inRotation: true },
    });
    const list = (await admin.get(MP3_ROUTES.list.path, { limit: "100" })).json() as Mp3ListAnswer;
    const byId = new Map(list.data.map((x: Mp3Track) => [x._id, x]));
    expect(byId.get(track.id)?.inRotation).toBe(true);
    expect(byId.get(other.id)?.inRotation).toBe(false);
    const theirs = (
      await admin.get(routePath(MP3_ROUTES.user.path, { id: adminId }), { limit: "100" })
    ).json() as Mp3ListAnswer;
    expect(theirs.data.find((x) => x._id === track.id)?.inRotation).toBe(true);

    expect(await playlist()).toContain(copyOf(track.id));
    expect(await playlist()).not.toContain(copyOf(other.id));
    // The station's copy carries the library's name and uploader, not the file's own tags.
    const { common } = await parseFile(copyOf(track.id));
    expect({ title: common.title, artist: common.artist }).toEqual({
      title: "On Air Tonight",
      artist: adminName,
    });

    const out = await setRotation(admin, track.id, false);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({
      message: MP3_MESSAGES.removedFromRotation,
      track: { _id: track.id, inRotation: false },
    });
    expect(await playlist()).not.toContain(copyOf(track.id));
    expect(await flag(track.id)).toBe(false);
  });

  it("lists the rotation oldest upload first; a deleted track leaves it", async () => {
    const first = await realTrack({ uploadedAt: new Date("2026-01-01T10:00:00Z") });
    const second = await realTrack({ uploadedAt: new Date("2026-01-02T10:00:00Z") });
    for (const track of [second, first]) {
      expect((await setRotation(admin, track.id, true)).statusCode).toBe(200);
    }
    const lines = await playlist();
    expect(lines.indexOf(copyOf(first.id))).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(copyOf(first.id))).toBeLessThan(lines.indexOf(copyOf(second.id)));

    const deleted = await admin.send("DELETE", routePath(MP3_ROUTES.delete.path, { id: first.id }));
    expect(deleted.statusCode).toBe(200);
    expect(await playlist()).not.toContain(copyOf(first.id));
    expect(await playlist()).toContain(copyOf(second.id));
    await setRotation(admin, second.id, false);
  });

  it("keeps a copy taken out for an hour (the station may be playing it), then removes it", async () => {
    const track = await realTrack();
    await setRotation(admin, track.id, true);
    await setRotation(admin, track.id, false);
    expect(existsSync(copyOf(track.id))).toBe(true);
    try {
      t.ctx.clock = fixedClock(Date.now() + RETIRED_COPY_KEPT_MS + 60_000);
      await syncRotation(t.ctx);
    } finally {
      t.ctx.clock = systemClock;
    }
    expect(existsSync(copyOf(track.id))).toBe(false);
  });
});

describe("the periodic rotation sync", () => {
  it("writes a change made elsewhere (another instance, straight in the database) into the playlist", async () => {
    const track = await realTrack();
    await t.ctx.db.update(mp3Tracks).set({ inRotation: true }).where(eq(mp3Tracks.id, track.id));
    expect(await playlist()).not.toContain(copyOf(track.id));
    expect(await t.jobs.runOnce("mp3: station rotation sync")).toBe(true);
    expect(await playlist()).toContain(copyOf(track.id));
    await t.ctx.db.update(mp3Tracks).set({ inRotation: false }).where(eq(mp3Tracks.id, track.id));
    expect(await t.jobs.runOnce("mp3: station rotation sync")).toBe(true);
    expect(await playlist()).not.toContain(copyOf(track.id));
  });
});

describe("rotationPlaylistText", () => {
  it("is a header, then one path a line", () => {
    expect(rotationPlaylistText(["/d/a.mp3", "/d/b.mp3"]).split("\n")).toEqual([
      "#EXTM3U",
      "# The Auto DJ's rotation, written by the app: do not edit.",
      "/d/a.mp3",
      "/d/b.mp3",
      "",
    ]);
    expect(rotationPlaylistText([])).not.toMatch(/^[^#]/m);
  });
});
