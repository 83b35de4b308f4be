import { readFile } from "node:fs/promises";
import path from "node:path";
import { UPLOADS_ROUTES } from "@airwave/contracts";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { bmpImage } from "../../../test/images.ts";
import { signInMember } from "../../../test/members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => t?.close());

/**
 * The decoder allocates its whole output (width x height x 3) at once: a Buffer of exactly that
 * size allocated here means the pixels were decoded on this (the event loop's) thread; a worker
 * thread has a Buffer of its own.
 */
const pixelBuffersHere = (width: number, height: number) => {
  const alloc = vi.spyOn(Buffer, "alloc");
  return () => alloc.mock.calls.filter(([size]) => size === width * height * 3).length;
};

describe("The BMP decoder runs on the event loop", () => {
  it("a BMP upload is decoded off the main thread and stored as the same picture in WebP", async () => {
    const { agent } = await signInMember(t);
    const { bmp, rgb } = await bmpImage(641, 479);
    const decodedHere = pixelBuffersHere(641, 479);

    const res = await agent.postForm(UPLOADS_ROUTES.tempImage.path, {
      file: { data: bmp, filename: "paint.bmp", contentType: "image/bmp" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/\.webp$/);
    const stored = await readFile(
      path.join(t.config.DATA_DIR, "uploads", url.replace(/^\/uploads\//, "")),
    );
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 641, height: 479, channels: 3 });
    // The same pixels as the bitmap's, through the same lossy WebP encoding.
    const expected = await sharp(
      await sharp(rgb, { raw: { width: 641, height: 479, channels: 3 } })
        .webp({ quality: 85 })
        .toBuffer(),
    )
      .raw()
      .toBuffer();
    expect(data.equals(expected)).toBe(true);

    expect(decodedHere()).toBe(0);
  });

  it("a bitmap the decoder refuses is still refused with 400 and the upload text", async () => {
    const { agent } = await signInMember(t);
    const { bmp } = await bmpImage(30, 20);
    const decodedHere = pixelBuffersHere(30, 20);
    const res = await agent.postForm(UPLOADS_ROUTES.tempImage.path, {
      file: {
        data: bmp.subarray(0, bmp.length - 100),
        filename: "cut.bmp",
        contentType: "image/bmp",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(decodedHere()).toBe(0);
  });
});
