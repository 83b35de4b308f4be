import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  GIF_ADMIN_API,
  GIF_ADMIN_LIMITS,
  GIF_ADMIN_MESSAGES,
  GIF_API,
  HTTP_MESSAGES,
  type LibraryGif,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { animatedGif, pngImage } from "../../../test/images.ts";
import type { FormFile } from "../../../test/multipart.ts";
import { gifs } from "./schema.ts";

let t: TestApp;
let uploadsDir: string;
let admin: Agent;

async function signIn(build: typeof buildUser) {
  const { user, password } = await build(t.ctx.db);
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.config.DATA_DIR, "uploads");
  admin = await signIn(buildAdmin);
});
afterAll(() => t.close());

const gifFile = (data: Buffer, filename = "dance.gif"): FormFile => ({
  data,
  filename,
  contentType: "image/gif",
});

async function storedFiles(): Promise<string[]> {
  const names = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return names
    .filter((d) => d.isFile())
    .map((d) => path.relative(uploadsDir, path.join(d.parentPath, d.name)))
    .sort();
}

const library = async () => (await admin.get(GIF_API.library)).json().gifs as LibraryGif[];

describe("POST /api/auth/uploadGif", () => {
  it("stores an animated GIF under a random name, answers 200 with it, and getGifs lists it", async () => {
    const data = await animatedGif();
    const res = await admin.postForm(GIF_ADMIN_API.upload, {
      name: "  Dancing  ",
      file: gifFile(data),
    });
    expect(res.statusCode).toBe(200);
    const { message, gif } = res.json() as { message: string; gif: LibraryGif };
    expect(message).toBe(GIF_ADMIN_MESSAGES.uploaded);
    expect(gif).toMatchObject({
      name: "Dancing",
      gif: expect.stringMatching(/^\/uploads\/gifs\/[0-9a-f]{32}\.gif$/),
    });
    expect((await library())[0]).toEqual(gif);
    // The stored file is served back byte for byte.
    const served = await admin.get(gif.gif);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  describe("refuses, writing no file and no row", () => {
    const cases: [string, () => Promise<Record<string, string | FormFile>>, number, string][] = [
      [
        "a PNG renamed .gif",
        async () => ({ name: "Fake", file: gifFile(await pngImage(), "fake.gif") }),
        400,
        GIF_ADMIN_MESSAGES.notGif,
      ],
      [
        "GIF magic bytes followed by garbage",
        async () => ({
          name: "Broken",
          file: gifFile(Buffer.from("GIF89a this is not really a picture")),
        }),
        400,
        GIF_ADMIN_MESSAGES.notGif,
      ],
      [
        "an 11 MB GIF",
        async () => ({
          name: "Huge",
          file: gifFile(Buffer.concat([await animatedGif(), Buffer.alloc(11 * 1024 * 1024)])),
        }),
        413,
        GIF_ADMIN_MESSAGES.tooLarge,
      ],
      [
        "a form without a name",
        async () => ({ file: gifFile(await animatedGif()) }),
        400,
        GIF_ADMIN_MESSAGES.nameRequired,
      ],
      [
        "a blank name",
        async () => ({ name: "   ", file: gifFile(await animatedGif()) }),
        400,
        GIF_ADMIN_MESSAGES.nameRequired,
      ],
      [
        "a form without the file",
        async () => ({ name: "Nothing" }),
        400,
        GIF_ADMIN_MESSAGES.fileRequired,
      ],
    ];
    for (const [label, make, status, message] of cases) {
      it(label, async () => {
        const filesBefore = await storedFiles();
        const rowsBefore = await countRows(t.ctx.db, gifs);
        const res = await admin.postForm(GIF_ADMIN_API.upload, await make());
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message });
        expect(await storedFiles()).toEqual(filesBefore);
        expect(await countRows(t.ctx.db, gifs)).toBe(rowsBefore);
      });
    }

    it("a GIF of exactly 10 MB is still taken (the limit is inclusive)", async () => {
      const base = await animatedGif();
      const data = Buffer.concat([base, Buffer.alloc(GIF_ADMIN_LIMITS.maxBytes - base.length)]);
      const res = await admin.postForm(GIF_ADMIN_API.upload, {
        name: "Exact",
        file: gifFile(data),
      });
      expect(res.statusCode).toBe(200);
    });

    it("a member or Moderator gets 403, a visitor 401", async () => {
      const filesBefore = await storedFiles();
      const rowsBefore = await countRows(t.ctx.db, gifs);
      for (const build of [buildUser, buildModerator]) {
        const agent = await signIn(build);
        const res = await agent.postForm(GIF_ADMIN_API.upload, {
          name: "Nope",
          file: gifFile(await animatedGif()),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
      }
      const visitor = new Agent(t.app);
      const anon = await visitor.postForm(GIF_ADMIN_API.upload, {
        name: "Nope",
        file: gifFile(await animatedGif()),
      });
      expect(anon.statusCode).toBe(401);
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await countRows(t.ctx.db, gifs)).toBe(rowsBefore);
    });
  });
});

describe("POST /api/auth/deleteGif", () => {
  async function uploaded() {
    const res = await admin.postForm(GIF_ADMIN_API.upload, {
      name: "To delete",
      file: gifFile(await animatedGif()),
    });
    return res.json().gif as LibraryGif;
  }

  it("removes the row and the stored file", async () => {
    const gif = await uploaded();
    const key = gif.gif.replace(/^\/uploads\//, "");
    expect(await storedFiles()).toContain(key);
    const res = await admin.post(GIF_ADMIN_API.delete, { gifId: gif._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: GIF_ADMIN_MESSAGES.deleted, gifId: gif._id });
    expect(await storedFiles()).not.toContain(key);
    expect((await library()).map((g) => g._id)).not.toContain(gif._id);
    expect((await admin.get(gif.gif)).statusCode).toBe(404);
    // Deleting it again: 404.
    const again = await admin.post(GIF_ADMIN_API.delete, { gifId: gif._id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: GIF_ADMIN_MESSAGES.notFound });
  });

  it("refuses a member (403) and a visitor (401), keeping the GIF", async () => {
    const gif = await uploaded();
    const member = await signIn(buildUser);
    expect((await member.post(GIF_ADMIN_API.delete, { gifId: gif._id })).statusCode).toBe(403);
    expect((await new Agent(t.app).post(GIF_ADMIN_API.delete, { gifId: gif._id })).statusCode).toBe(
      401,
    );
    expect((await library()).map((g) => g._id)).toContain(gif._id);
    expect(await storedFiles()).toContain(gif.gif.replace(/^\/uploads\//, ""));
  });

  it("answers 400 for a missing gifId", async () => {
    const res = await admin.post(GIF_ADMIN_API.delete, {});
    expect(res.statusCode).toBe(400);
  });
});
