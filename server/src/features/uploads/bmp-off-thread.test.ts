import { readFile } from "node:fs/promises";
import path from "node:path";
import { UPLOADS_ROUTES } from "@airwave/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { bmpImage } from "../../../test/images.ts";
import { signInMember } from "../../../test/members.ts";
import { decodeBmp } from "./bmp.ts";

// The decoder as the app's own thread would call it, recorded (a worker thread loads its own copy).
vi.mock("./bmp.ts", async (original) => {
  const real = await original<typeof import("./bmp.ts")>();
  return { ...real, decodeBmp: vi.fn(real.decodeBmp) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("The BMP decoder runs on the event loop", () => {
  it("a BMP upload is decoded off the main thread and stored as the same picture in WebP", async () => {
    const { agent } = await signInMember(t);
    const { bmp, rgb } = await bmpImage(64, 48);
    vi.mocked(decodeBmp).mockClear();

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
    expect(info).toMatchObject({ width: 64, height: 48, channels: 3 });
    // The same pixels as the bitmap's, through the same lossy WebP encoding.
    const expected = await sharp(
      await sharp(rgb, { raw: { width: 64, height: 48, channels: 3 } })
        .webp({ quality: 85 })
        .toBuffer(),
    )
      .raw()
      .toBuffer();
    expect(data.equals(expected)).toBe(true);

    expect(decodeBmp).not.toHaveBeenCalled();
  });

  it("a bitmap the decoder refuses is still refused with 400 and the upload text", async () => {
    const { agent } = await signInMember(t);
    const { bmp } = await bmpImage(30, 20);
    const res = await agent.postForm(UPLOADS_ROUTES.tempImage.path, {
      file: {
        data: bmp.subarray(0, bmp.length - 100),
        filename: "cut.bmp",
        contentType: "image/bmp",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(decodeBmp).not.toHaveBeenCalled();
  });
});
