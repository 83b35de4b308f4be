import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  CSRF_HEADER,
  MP3_LIMITS,
  MP3_MESSAGES,
  MP3_ROUTES,
  type Mp3Track,
  RATE_LIMIT_MESSAGES,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { type Mp3Corpus, makeMp3Corpus, streamedUpload } from "../../../test/mp3-corpus.ts";
import type { FormFile } from "../../../test/multipart.ts";
import { mp3Tracks } from "./schema.ts";

let t: TestApp;
let corpus: Mp3Corpus;
let member: Agent;
let memberName: string;

async function signIn(app: TestApp, build = buildUser) {
  const { user, password } = await build(app.ctx.db);
  const agent = new Agent(app.app);
  await agent.login(user.username, password);
  return { agent, user };
}

beforeAll(async () => {
  [t, corpus] = await Promise.all([createTestApp(), makeMp3Corpus()]);
  const signedIn = await signIn(t);
  member = signedIn.agent;
  memberName = signedIn.user.username;
});
afterAll(() => t?.close());

const mp3 = (data: Buffer, filename = "tone.mp3"): FormFile => ({
  data,
  filename,
  contentType: "audio/mpeg",
});

/** Every file under the app's storage and its MP3 temporary folder. */
async function filesOf(app: TestApp): Promise<string[]> {
  const list = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((d) => d.isFile())
      .map((d) => path.relative(app.config.DATA_DIR, path.join(d.parentPath, d.name)));
  const roots = ["uploads/mp3", "tmp/mp3"].map((d) => path.join(app.config.DATA_DIR, d));
  return (await Promise.all(roots.map(list))).flat().sort();
}

describe("POST /api/auth/mp3/upload accepts real MP3s", () => {
  const cases: [string, keyof Mp3Corpus][] = [
    ["a CBR MP3 without tags", "cbr"],
    ["a VBR MP3 without tags", "vbr"],
    ["a CBR MP3 with ID3 tags", "cbrTagged"],
    ["a VBR MP3 with ID3 tags", "vbrTagged"],
  ];
  for (const [label, name] of cases) {
    it(`${label}: 201 with its duration, size, bitrate and waveform; the file is served back`, async () => {
      const data = corpus[name];
      const res = await member.postForm(MP3_ROUTES.upload.path, {
        file: mp3(data, `${name}.mp3`),
        trackName: `  Tone ${name}  `,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { track } = res.json() as { track: Mp3Track };
      expect(track).toMatchObject({
        trackName: `Tone ${name}`,
        username: memberName,
        downloadCount: 0,
        fileSize: data.length,
        originalFilename: `${name}.mp3`,
      });
      // ffmpeg's 2 s tone (the encoder adds up to a frame or two).
      expect(track.duration).toBeGreaterThan(1.9);
      expect(track.duration).toBeLessThan(2.2);
      expect(track.bitrate).toBeGreaterThan(16_000);
      expect(track.waveform.length).toBeGreaterThan(100);
      expect(track.waveform.length).toBeLessThanOrEqual(MP3_LIMITS.waveformPoints);
      expect(Math.max(...track.waveform)).toBeGreaterThan(0.1);
      expect(Math.max(...track.waveform)).toBeLessThanOrEqual(1);

      const served = await member.get(track.feaboxUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("audio/mpeg");
      expect(served.rawPayload.equals(data)).toBe(true);
      expect(await filesOf(t)).not.toContainEqual(expect.stringMatching(/^tmp\//));
    });
  }

  it("is listed first in the library", async () => {
    const res = await member.postForm(MP3_ROUTES.upload.path, {
      trackName: "Newest upload",
      file: mp3(corpus.cbr),
    });
    expect(res.statusCode).toBe(201);
    const list = await member.get(MP3_ROUTES.list.path);
    expect(list.json().data[0]).toEqual(res.json().track);
  });
});

describe("POST /api/auth/mp3/upload refuses, leaving no file and no row", () => {
  const cases: [string, () => FormFile | undefined, string | undefined, number, string][] = [
    ["a WAV", () => mp3(corpus.wav, "tone.wav"), "Wav", 400, MP3_MESSAGES.notMp3],
    ["an OGG", () => mp3(corpus.ogg, "tone.ogg"), "Ogg", 400, MP3_MESSAGES.notMp3],
    [
      "a text file named .mp3",
      () => mp3(corpus.text, "notes.mp3"),
      "Text",
      400,
      MP3_MESSAGES.notMp3,
    ],
    ["a PNG named .mp3", () => mp3(corpus.png, "cover.mp3"), "Png", 400, MP3_MESSAGES.notMp3],
    ["a truncated MP3", () => mp3(corpus.truncated), "Cut", 400, MP3_MESSAGES.notMp3],
    ["an empty file", () => mp3(Buffer.alloc(0)), "Empty", 400, MP3_MESSAGES.noFileSelected],
    ["no file", () => undefined, "Nothing", 400, MP3_MESSAGES.noFileSelected],
    ["a blank track name", () => mp3(corpus.cbr), "   ", 400, MP3_MESSAGES.trackNameRequired],
    ["no track name", () => mp3(corpus.cbr), undefined, 400, MP3_MESSAGES.trackNameRequired],
    [
      "a track name over 120 characters",
      () => mp3(corpus.cbr),
      "x".repeat(MP3_LIMITS.trackNameMax + 1),
      400,
      MP3_MESSAGES.trackNameTooLong,
    ],
  ];
  for (const [label, file, trackName, status, message] of cases) {
    it(`${label}: ${status} '${message}'`, async () => {
      const rows = await countRows(t.ctx.db, mp3Tracks);
      const before = await filesOf(t);
      const form: Record<string, string | FormFile> = {};
      const f = file();
      if (f) form.file = f;
      if (trackName !== undefined) form.trackName = trackName;
      const res = await member.postForm(MP3_ROUTES.upload.path, form);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message, error: message });
      expect(await countRows(t.ctx.db, mp3Tracks)).toBe(rows);
      expect(await filesOf(t)).toEqual(before);
    });
  }

  it("a 51 MB file: 413 with the spec's text, cut off while it streams", async () => {
    const rows = await countRows(t.ctx.db, mp3Tracks);
    const before = await filesOf(t);
    const { body, contentType } = streamedUpload(
      { trackName: "Too big" },
      "big.mp3",
      corpus.cbr,
      51 * 1024 * 1024,
    );
    const res = await member.request("POST", MP3_ROUTES.upload.path, {
      body,
      headers: { "content-type": contentType, [CSRF_HEADER]: await member.csrfToken() },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MP3_MESSAGES.tooLarge, error: MP3_MESSAGES.tooLarge });
    expect(await countRows(t.ctx.db, mp3Tracks)).toBe(rows);
    expect(await filesOf(t)).toEqual(before);
  });

  it("without a CSRF token: 403, nothing stored", async () => {
    const rows = await countRows(t.ctx.db, mp3Tracks);
    const res = await member.postForm(
      MP3_ROUTES.upload.path,
      { trackName: "No token", file: mp3(corpus.cbr) },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(await countRows(t.ctx.db, mp3Tracks)).toBe(rows);
  });

  it("without a session: 401", async () => {
    const visitor = new Agent(t.app);
    const res = await visitor.postForm(MP3_ROUTES.upload.path, {
      trackName: "Anonymous",
      file: mp3(corpus.cbr),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("the uploader override", () => {
  it("an Admin credits a track to a member by username", async () => {
    const { agent: admin } = await signIn(t, buildAdmin);
    const res = await admin.postForm(MP3_ROUTES.upload.path, {
      trackName: "For the member",
      uploader: memberName.toUpperCase(),
      file: mp3(corpus.vbr),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().track.username).toBe(memberName);
  });

  it("an Admin naming nobody: 400, nothing stored", async () => {
    const { agent: admin } = await signIn(t, buildAdmin);
    const rows = await countRows(t.ctx.db, mp3Tracks);
    const res = await admin.postForm(MP3_ROUTES.upload.path, {
      trackName: "For nobody",
      uploader: "nobody_by_that_name",
      file: mp3(corpus.vbr),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MP3_MESSAGES.uploaderNotFound);
    expect(await countRows(t.ctx.db, mp3Tracks)).toBe(rows);
  });

  it("a member naming someone else: 403, nothing stored", async () => {
    const { user: other } = await buildUser(t.ctx.db);
    const rows = await countRows(t.ctx.db, mp3Tracks);
    const before = await filesOf(t);
    const res = await member.postForm(MP3_ROUTES.upload.path, {
      trackName: "Impersonation",
      uploader: other.username,
      file: mp3(corpus.cbr),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MP3_MESSAGES.uploaderOverrideAdminOnly);
    expect(await countRows(t.ctx.db, mp3Tracks)).toBe(rows);
    expect(await filesOf(t)).toEqual(before);
  });
});

describe("an app without ffmpeg, allowing 2 uploads an hour", () => {
  let bare: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    bare = await createTestApp({
      FFMPEG_PATH: path.join(t.config.DATA_DIR, "no-ffmpeg-here"),
      RATE_LIMITS: "trackUploads=2/3600",
    });
    ({ agent } = await signIn(bare));
  });
  afterAll(() => bare?.close());

  it("a 50 MB upload streams with the server's memory growing by less than 30 MB, and is accepted without a waveform", async () => {
    const size = MP3_LIMITS.maxBytes - 64 * 1024;
    const { body, contentType } = streamedUpload(
      { trackName: "Fifty megabytes" },
      "long.mp3",
      corpus.cbr,
      size,
    );
    const token = await agent.csrfToken();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const res = await agent.request("POST", MP3_ROUTES.upload.path, {
        body,
        headers: { "content-type": contentType, [CSRF_HEADER]: token },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { track } = res.json() as { track: Mp3Track };
      expect(track.fileSize).toBe(size);
      expect(track.waveform).toEqual([]);
      // 128 kbit/s: about 54 minutes.
      expect(track.duration).toBeGreaterThan(3000);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - baseline) / (1024 * 1024);
    expect(grewMb, `rss grew ${grewMb.toFixed(1)} MB`).toBeLessThan(30);
  });

  it("the member's third upload within the hour: 429 before the file is read, nothing stored", async () => {
    const form = { trackName: "Again", file: mp3(corpus.cbr) };
    expect((await agent.postForm(MP3_ROUTES.upload.path, form)).statusCode).toBe(201);
    const res = await agent.postForm(MP3_ROUTES.upload.path, form);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(RATE_LIMIT_MESSAGES.trackUploads);
    expect(await countRows(bare.ctx.db, mp3Tracks)).toBe(2);
  });
});
