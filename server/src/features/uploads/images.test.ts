import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from "@airwave/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  animatedGif,
  bmpImage,
  exifTags,
  GPS_LATITUDE,
  GPS_LONGITUDE,
  jpegWithGps,
  noise,
  paddedPng,
  pngImage,
} from "../../../test/images.ts";
import { AppError } from "../../platform/errors.ts";
import { decodeBmp } from "./bmp.ts";
import { processImage } from "./images.ts";

/** The AppError processImage refuses `data` with. */
async function refusal(data: Buffer) {
  const err = await processImage(data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { status, message } = err as AppError;
  return { status, message };
}

const INVALID = { status: 400, message: UPLOAD_MESSAGES.invalidFileType };

describe("processImage", () => {
  it("re-encodes a camera JPEG without EXIF or GPS, turned upright by its orientation", async () => {
    const input = await jpegWithGps(120, 80);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(exifTags(before.exif).gps).toEqual(
      expect.arrayContaining([GPS_LATITUDE, GPS_LONGITUDE]),
    );

    const out = await processImage(input);
    expect(out).toMatchObject({ ext: "jpg", contentType: "image/jpeg", width: 80, height: 120 });
    const after = await sharp(out.body).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 80, height: 120 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.body.includes(Buffer.from("AirwaveCam"))).toBe(false);
  });

  it("drops XMP and ICC data of a PNG", async () => {
    const input = await noise(20, 10)
      .png()
      .withIccProfile("p3")
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Person"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const out = await processImage(input);
    expect(out).toMatchObject({ ext: "png", contentType: "image/png", width: 20, height: 10 });
    const after = await sharp(out.body).metadata();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.body.includes(Buffer.from("Secret Person"))).toBe(false);
  });

  it("keeps an animated GIF animated", async () => {
    const out = await processImage(await animatedGif(24, 16));
    expect(out).toMatchObject({ ext: "gif", contentType: "image/gif", width: 24, height: 16 });
    expect((await sharp(out.body).metadata()).pages).toBe(2);
  });

  it("keeps WebP as WebP and turns AVIF, TIFF and BMP into WebP", async () => {
    const webp = await noise(30, 20).webp().toBuffer();
    const avif = await noise(30, 20).avif().toBuffer();
    const tiff = await noise(30, 20).tiff().toBuffer();
    const { bmp } = await bmpImage(30, 20);
    for (const input of [webp, avif, tiff, bmp]) {
      const out = await processImage(input);
      expect(out).toMatchObject({ ext: "webp", contentType: "image/webp", width: 30, height: 20 });
      expect((await sharp(out.body).metadata()).format).toBe("webp");
    }
  });

  it("decodes a bitmap's pixels exactly (bottom-up rows, BGR order, padded rows)", async () => {
    const { bmp, rgb } = await bmpImage(7, 5);
    expect(decodeBmp(bmp)).toEqual({ width: 7, height: 5, channels: 3, pixels: rgb });
  });

  it("refuses SVG, even a harmless-looking one, and one carrying a script", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const plain = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
    );
    expect(await refusal(svg)).toEqual(INVALID);
    expect(await refusal(plain)).toEqual(INVALID);
  });

  it("refuses what is not an image, whatever it is called", async () => {
    expect(await refusal(Buffer.from("just some text pretending to be a photo.jpg"))).toEqual(
      INVALID,
    );
    expect(await refusal(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj"))).toEqual(INVALID);
    expect(await refusal(Buffer.alloc(0))).toEqual(INVALID);
  });

  it("refuses a truncated JPEG, PNG and WebP, and a JPEG with a valid header but garbage data", async () => {
    const jpeg = await noise(200, 100).jpeg().toBuffer();
    const png = await noise(200, 100).png().toBuffer();
    const webp = await noise(200, 100).webp().toBuffer();
    for (const full of [jpeg, png, webp]) {
      expect(await refusal(full.subarray(0, Math.floor(full.length * 0.6)))).toEqual(INVALID);
    }
    const garbage = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(2000, 0x55)]);
    expect(await refusal(garbage)).toEqual(INVALID);
    const bmp = (await bmpImage(30, 20)).bmp;
    expect(await refusal(bmp.subarray(0, bmp.length - 100))).toEqual(INVALID);
  });

  it("refuses a file with one byte over the limit with 413, and takes one at the limit", async () => {
    expect(UPLOAD_LIMITS.imageMaxBytes).toBe(5_000_000);
    expect(await refusal(await paddedPng(UPLOAD_LIMITS.imageMaxBytes + 1))).toEqual({
      status: 413,
      message: UPLOAD_MESSAGES.imageTooLarge,
    });
    const atLimit = await processImage(await paddedPng(UPLOAD_LIMITS.imageMaxBytes));
    expect(atLimit.ext).toBe("png");
    expect(atLimit.body.length).toBeLessThan(100_000);
  });

  it("refuses absurd dimensions before decoding them (a small file of 100 megapixels)", async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.imageMaxBytes);
    expect(await refusal(bomb)).toEqual({ status: 400, message: UPLOAD_MESSAGES.imageTooLarge });

    const strip = await sharp({
      create: { width: 20_000, height: 1, channels: 3, background: "#000000" },
    })
      .png()
      .toBuffer();
    expect(await refusal(strip)).toEqual({ status: 400, message: UPLOAD_MESSAGES.imageTooLarge });
  });

  it("takes a small PNG as it is (format, size)", async () => {
    const out = await processImage(await pngImage(40, 30));
    expect(out).toMatchObject({ ext: "png", width: 40, height: 30 });
  });
});
