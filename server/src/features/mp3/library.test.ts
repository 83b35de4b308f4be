import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  ADMIN_API,
  MP3_LIMITS,
  MP3_MESSAGES,
  MP3_ROUTES,
  type Mp3ListAnswer,
  type Mp3Track,
  routePath,
} from "@airwave/contracts";
import { parse as parseDisposition } from "content-disposition";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildTrack } from "../../../test/factories/mp3.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { type Mp3Corpus, makeMp3Corpus } from "../../../test/mp3-corpus.ts";
import { mp3Tracks } from "./schema.ts";

let t: TestApp;
let corpus: Mp3Corpus;
let member: Agent;
let memberId: string;

async function signIn(build = buildUser) {
  const { user, password } = await build(t.ctx.db);
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  return { agent, user };
}

beforeAll(async () => {
  [t, corpus] = await Promise.all([createTestApp(), makeMp3Corpus()]);
  ({
    agent: member,
    user: { id: memberId },
  } = await signIn());
});
afterAll(() => t?.close());

const storedFile = (key: string) => path.join(t.config.DATA_DIR, "uploads", key);
const exists = async (key: string) =>
  (await readdir(path.dirname(storedFile(key)))).includes(path.basename(key));
const row = async (id: string) =>
  (await t.ctx.db.select().from(mp3Tracks).where(eq(mp3Tracks.id, id)))[0];
const fileUrl = (id: string) => routePath(MP3_ROUTES.file.path, { id });

async function upload(agent: Agent, filename: string, data = corpus.cbr): Promise<Mp3Track> {
  const res = await agent.postForm(MP3_ROUTES.upload.path, {
    trackName: "Uploaded",
    file: { filename, contentType: "audio/mpeg", data },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track;
}

describe("the track's file (feaboxUrl)", () => {
  it("answers a byte range 206 with exactly those bytes", async () => {
    const track = await upload(member, "range.mp3");
    expect(track.feaboxUrl).toBe(fileUrl(track._id));
    // A browser's Accept-Encoding: the bytes stay the file's own (audio is never compressed again).
    const res = await member.request("GET", track.feaboxUrl, {
      headers: { range: "bytes=1000-2999", "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-range"]).toBe(`bytes 1000-2999/${corpus.cbr.length}`);
    expect(res.headers["content-length"]).toBe("2000");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.rawPayload.equals(corpus.cbr.subarray(1000, 3000))).toBe(true);

    const tail = await member.request("GET", track.feaboxUrl, { headers: { range: "bytes=-100" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(corpus.cbr.subarray(-100))).toBe(true);

    const beyond = await member.request("GET", track.feaboxUrl, {
      headers: { range: `bytes=${corpus.cbr.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${corpus.cbr.length}`);

    const whole = await member.request("GET", track.feaboxUrl, {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.headers["content-length"]).toBe(String(corpus.cbr.length));
    expect(whole.rawPayload.equals(corpus.cbr)).toBe(true);
  });

  it("is an attachment named after the track's name, made safe: no path, no quote, no header injection", async () => {
    // [track name, original file name, the name the download is saved under]
    const cases: [string, string, string][] = [
      ["Late Night Mix", "lnm_final_v3.mp3", "Late Night Mix.mp3"],
      ['../../evil".mp3', "a.mp3", "evil.mp3"],
      ["..\\..\\windows\\evil.MP3", "a.mp3", "windows - evil.mp3"],
      ["AC/DC - Live", "a.mp3", "AC - DC - Live.mp3"],
      ["Déjà vu – mix", "a.mp3", "Déjà vu – mix.mp3"],
      ["...", "fallback.mp3", "fallback.mp3"],
      ["set\r\nX-Injected: yes", "a.mp3", "setX-Injected yes.mp3"],
    ];
    for (const [trackName, originalFilename, expected] of cases) {
      const track = await buildTrack(t.ctx, memberId, { trackName, originalFilename });
      const res = await member.get(fileUrl(track.id));
      expect(res.statusCode).toBe(200);
      const header = String(res.headers["content-disposition"]);
      expect(res.headers["x-injected"]).toBeUndefined();
      expect(header).not.toMatch(/[/\\\r\n]|\.\./);
      const parsed = parseDisposition(header);
      expect(parsed.type).toBe("attachment");
      expect(parsed.parameters.filename).toBe(expected);
    }
  });

  it("keeps the uploaded file's original name made safe (the fallback name)", async () => {
    const cases: [string, string][] = [
      ['../../evil".mp3', "evil.mp3"],
      ["..\\..\\windows\\evil.MP3", "evil.mp3"],
      ["Déjà vu – mix.mp3", "Déjà vu – mix.mp3"],
      ["...", "track.mp3"],
      ["set\r\nX-Injected: yes.mp3", "setX-Injected yes.mp3"],
    ];
    for (const [original, expected] of cases) {
      const track = await upload(member, original);
      expect(track.originalFilename).toBe(expected);
    }
  });

  it("needs a session, and is 404 for an unknown track", async () => {
    const track = await upload(member, "private.mp3");
    expect((await new Agent(t.app).get(track.feaboxUrl)).statusCode).toBe(401);
    const missing = await member.get(fileUrl("no-such-track"));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MP3_MESSAGES.trackNotFound);
  });
});

describe("DELETE /api/auth/mp3/{id}", () => {
  it("a member: 403 with the refusal, and nothing changes", async () => {
    const track = await buildTrack(t.ctx, memberId, { data: corpus.cbr });
    const res = await member.send("DELETE", routePath(MP3_ROUTES.delete.path, { id: track.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MP3_MESSAGES.deleteForbidden);
    expect(await row(track.id)).toEqual(track);
    expect(await exists(track.storageKey)).toBe(true);
    expect((await member.get(fileUrl(track.id))).rawPayload.equals(corpus.cbr)).toBe(true);
  });

  for (const [role, build] of [
    ["a Moderator", buildModerator],
    ["an Admin", buildAdmin],
  ] as const) {
    it(`${role}: removes file and row, answers remoteDeleted`, async () => {
      const { agent } = await signIn(build);
      const track = await buildTrack(t.ctx, memberId, { data: corpus.cbr });
      const res = await agent.send("DELETE", routePath(MP3_ROUTES.delete.path, { id: track.id }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: MP3_MESSAGES.trackDeleted,
        remoteDeleted: true,
      });
      expect(await row(track.id)).toBeUndefined();
      expect(await exists(track.storageKey)).toBe(false);
      expect((await member.get(fileUrl(track.id))).statusCode).toBe(404);
      const again = await agent.send("DELETE", routePath(MP3_ROUTES.delete.path, { id: track.id }));
      expect(again.statusCode).toBe(404);
    });
  }
});

describe("POST /api/auth/mp3/{id}/increment-downloads", () => {
  it("50 at once by one member count once (once per member per track per day)", async () => {
    const track = await buildTrack(t.ctx, memberId);
    const url = routePath(MP3_ROUTES.incrementDownloads.path, { id: track.id });
    const answers = await Promise.all(Array.from({ length: 50 }, () => member.post(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.map((a) => a.json().downloadCount)).toEqual(Array(50).fill(1));
    expect((await row(track.id))?.downloadCount).toBe(1);
  });

  it("an unknown track: 404; without a CSRF token: 403 and no count", async () => {
    const missing = await member.post(
      routePath(MP3_ROUTES.incrementDownloads.path, { id: "nope" }),
    );
    expect(missing.statusCode).toBe(404);
    const track = await buildTrack(t.ctx, memberId);
    const res = await member.request(
      "POST",
      routePath(MP3_ROUTES.incrementDownloads.path, { id: track.id }),
    );
    expect(res.statusCode).toBe(403);
    expect((await row(track.id))?.downloadCount).toBe(0);
  });
});

describe("GET /api/auth/mp3/list and /user/{id}", () => {
  let owner: string;
  const names = ["Charlie", "alpha", "Bravo", "delta 100%", "Echo"];
  beforeAll(async () => {
    const { user } = await buildUser(t.ctx.db, { username: `dj_${Date.now() % 100000}` });
    owner = user.id;
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (const [i, trackName] of names.entries()) {
      await buildTrack(t.ctx, owner, {
        trackName,
        downloadCount: [5, 1, 9, 0, 3][i],
        uploadedAt: new Date(base + i * 60_000),
      });
    }
  });
  const userList = async (query: Record<string, string> = {}) => {
    const res = await member.get(routePath(MP3_ROUTES.user.path, { id: owner }), query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Mp3ListAnswer;
  };
  const namesOf = (a: Mp3ListAnswer) => a.data.map((d) => d.trackName);

  it("a member's tracks, newest first by default, with the page count", async () => {
    const all = await userList();
    expect(namesOf(all)).toEqual([...names].reverse());
    expect(all.pagination).toEqual({ page: 1, limit: MP3_LIMITS.pageSize, total: 5, pages: 1 });
  });

  it("pages", async () => {
    const second = await userList({ page: "2", limit: "2" });
    expect(namesOf(second)).toEqual(["Bravo", "alpha"]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    expect(namesOf(await userList({ page: "4", limit: "2" }))).toEqual([]);
  });

  it("sorts by name (case aside) and by downloads, either way", async () => {
    expect(namesOf(await userList({ sort: "trackName", order: "asc" }))).toEqual([
      "alpha",
      "Bravo",
      "Charlie",
      "delta 100%",
      "Echo",
    ]);
    expect(namesOf(await userList({ sort: "downloadCount", order: "desc" }))).toEqual([
      "Bravo",
      "Charlie",
      "Echo",
      "alpha",
      "delta 100%",
    ]);
    expect(namesOf(await userList({ sort: "uploadedAt", order: "asc" }))).toEqual(names);
  });

  it("searches track names and uploaders, wildcards taken literally", async () => {
    expect(namesOf(await userList({ search: "ALPH" }))).toEqual(["alpha"]);
    expect(namesOf(await userList({ search: "100%" }))).toEqual(["delta 100%"]);
    expect(namesOf(await userList({ search: "%" }))).toEqual(["delta 100%"]);
    const [someone] = (await userList()).data;
    const byUploader = await member.get(MP3_ROUTES.list.path, {
      search: someone?.username ?? "",
      limit: "100",
    });
    expect(byUploader.json().pagination.total).toBe(5);
  });

  it("refuses bad queries with 400 and a clear message", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ limit: "1000" }, MP3_MESSAGES.invalidLimit],
      [{ page: "0" }, MP3_MESSAGES.invalidPage],
      [{ sort: "fileSize" }, MP3_MESSAGES.invalidSort],
      [{ order: "sideways" }, MP3_MESSAGES.invalidOrder],
    ];
    for (const [query, message] of cases) {
      const res = await member.get(MP3_ROUTES.list.path, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("needs a session", async () => {
    expect((await new Agent(t.app).get(MP3_ROUTES.list.path)).statusCode).toBe(401);
  });
});

describe("deleting an account", () => {
  it("removes the member's tracks, rows and files", async () => {
    const { agent: admin } = await signIn(buildAdmin);
    const { agent: leaving, user } = await signIn();
    const track = await upload(leaving, "mine.mp3");
    const stored = (await row(track._id))?.storageKey ?? "";
    expect(await exists(stored)).toBe(true);
    const res = await admin.post(ADMIN_API.userDelete(user.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(t.ctx.db, mp3Tracks, eq(mp3Tracks.uploaderId, user.id))).toBe(0);
    expect(await exists(stored)).toBe(false);
  });
});
