import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { MP3_ROUTES, type Mp3Track } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { mp3WithCover } from "../../../test/mp3-corpus.ts";
import { WAVEFORM_MAX_MEMORY_BYTES } from "./audio.ts";

// Every process the app starts, recorded and then started as asked.
vi.mock("node:child_process", async (original) => {
  const real = await original<typeof import("node:child_process")>();
  return { ...real, spawn: vi.fn(real.spawn) };
});

const run = promisify(execFile);

let t: TestApp;
let member: Agent;
let bomb: Buffer;
let dir: string;

beforeAll(async () => {
  [t, bomb, dir] = await Promise.all([
    createTestApp(),
    mp3WithCover(16_000),
    mkdtemp(path.join(os.tmpdir(), "airwave-cover-art-")),
  ]);
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
    vi.mocked(spawn).mockClear();
    const res = await member.postForm(MP3_ROUTES.upload.path, {
      file: { data: bomb, filename: "cover.mp3", contentType: "audio/mpeg" },
      trackName: "Cover bomb",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { track } = res.json() as { track: Mp3Track };
    expect(track.waveform.length).toBeGreaterThan(0);
    expect(Math.max(...track.waveform)).toBeGreaterThan(0.1);

    const calls = vi.mocked(spawn).mock.calls.map(([command, args]) => ({
      command: String(command),
      args: [...((args as readonly string[] | undefined) ?? [])],
    }));
    const waveform = calls.find((c) => c.args.includes("pcm_s16le"));
    if (!waveform) throw new Error(`no waveform process among ${JSON.stringify(calls)}`);
    // The memory bound: the address space ffmpeg may map.
    expect(path.basename(waveform.command)).toBe("prlimit");
    expect(waveform.args).toContain(`--as=${WAVEFORM_MAX_MEMORY_BYTES}`);

    // The same command on a copy of the upload, with ffmpeg describing what it read from the file:
    // an audio stream and no picture.
    const copy = path.join(dir, "copy.mp3");
    await writeFile(copy, bomb);
    const input = waveform.args.indexOf("-i") + 1;
    const args = waveform.args.map((a, i) => (i === input ? copy : a === "error" ? "info" : a));
    const { stderr } = await run(waveform.command, args, {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stderr).toMatch(/Stream #0:\d+.*Audio: mp3/);
    expect(stderr).not.toMatch(/Stream #0:\d+.*Video/);
    expect(stderr).not.toMatch(/\bpng\b/);
  });
});
