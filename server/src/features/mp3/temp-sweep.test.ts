import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { mp3TempDir } from "./service.ts";
import { sweepMp3Leftovers } from "./temp-sweep.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the leftover upload sweep", () => {
  it("removes half-received uploads over an hour old, and nothing else", async () => {
    const dir = mp3TempDir(t.ctx);
    await mkdir(dir, { recursive: true });
    const now = Date.now();
    const write = async (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      await writeFile(file, "partial bytes");
      const when = new Date(now - ageMs);
      await utimes(file, when, when);
    };
    await write("old.partial", 2 * 3_600_000);
    await write("recent.partial", 5 * 60_000);
    await write("old-but-not-ours.txt", 2 * 3_600_000);

    expect(await sweepMp3Leftovers(t.ctx, now)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(["old-but-not-ours.txt", "recent.partial"]);
  });

  it("without the folder (no upload yet), removes nothing", async () => {
    const fresh = await createTestApp();
    try {
      expect(await sweepMp3Leftovers(fresh.ctx)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
