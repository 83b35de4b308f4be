import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { MP3_ROUTES, type Mp3Track } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { mp3WithCover } from "../../../test/mp3-corpus.ts";
import { WAVEFORM_MAX_MEMORY_BYTES } from "./audio.ts";

const run = promisify(execFile);

let t: TestApp;
let member: Agent;
let bomb: Buffer;
let dir: string;

/**
 * The app's FFMPEG_PATH: a script that writes down the address-space limit it runs under
 * (`ulimit -v`, KiB) and its arguments, then runs the real ffmpeg with them.
 */
async function recordingFfmpeg(folder: string): Promise<string> {
  const script = path.join(folder, "ffmpeg");
  await writeFile(
    script,
    [
      "#!/bin/sh",
      `ulimit -v > '${folder}/limit'`,
      `for a in "$@"; do printf '%s\\n' "$a"; done > '${folder}/args'`,
      'exec ffmpeg "$@"',
      "",
    ].join("\n"),
  );
  await chmod(script, 0o755);
  return script;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airwave-cover-art-"));
  const [app, made] = await Promise.all([
    recordingFfmpeg(dir).then((ffmpeg) => createTestApp({ FFMPEG_PATH: ffmpeg })),
    mp3WithCover(16_000),
  ]);
  [t, bomb] = [app, made];
  const { user, password } = await buildUser(t.ctx.db);
  member = new Agent(t.app);
  await member.login(user.username, password);
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("MP3 cover-art bomb", () => {
  it("an MP3 whose cover is a 16,000 x 16,000 PNG is accepted with its waveform, and the waveform's ffmpeg never reads the picture, under a memory bound", async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = await member.postForm(MP3_ROUTES.upload.path, {
      file: { data: bomb, filename: "cover.mp3", contentType: "audio/mpeg" },
      trackName: "Cover bomb",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { track } = res.json() as { track: Mp3Track };
    expect(track.waveform.length).toBeGreaterThan(0);
    expect(Math.max(...track.waveform)).toBeGreaterThan(0.1);

    // The memory bound the waveform's ffmpeg ran under.
    const limit = (await readFile(path.join(dir, "limit"), "utf8")).trim();
    expect(limit).toBe(String(WAVEFORM_MAX_MEMORY_BYTES / 1024));

    // The same ffmpeg call on a copy of the upload, describing what it read from the file: an
    // audio stream and no picture.
    const args = (await readFile(path.join(dir, "args"), "utf8")).split("\n").slice(0, -1);
    expect(args).toContain("pcm_s16le");
    const copy = path.join(dir, "copy.mp3");
    await writeFile(copy, bomb);
    const input = args.indexOf("-i") + 1;
    const described = args.map((a, i) => (i === input ? copy : a === "error" ? "info" : a));
    const { stderr } = await run("ffmpeg", described, {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stderr).toMatch(/Stream #0:\d+.*Audio: mp3/);
    expect(stderr).not.toMatch(/Stream #0:\d+.*Video/);
    expect(stderr).not.toMatch(/\bpng\b/);
  });
});
