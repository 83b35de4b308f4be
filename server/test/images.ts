import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** Test images, generated (no binary fixtures): random pixels so encoders cannot shrink them away. */
export function noise(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp(randomBytes(width * height * channels), { raw: { width, height, channels } });
}

/** A JPEG shot "by a camera": EXIF make/model, orientation 6 (rotate 90°) and a GPS position. */
export function jpegWithGps(width = 120, height = 80) {
  return noise(width, height)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "AirwaveCam", Model: "Test 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2644/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3966/100",
      },
    })
    .toBuffer();
}

export const pngImage = (width = 40, height = 30) => noise(width, height, 4).png().toBuffer();

/** A valid PNG of exactly `bytes` bytes: a small image followed by padding after its IEND chunk. */
export async function paddedPng(bytes: number) {
  const png = await pngImage();
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}

/** A 24-bit Windows bitmap (bottom-up rows) of random pixels. */
export async function bmpImage(width = 33, height = 21) {
  const rgb = await noise(width, height).raw().toBuffer();
  const stride = Math.floor((24 * width + 31) / 32) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      out[row + x * 3] = rgb[i + 2] as number;
      out[row + x * 3 + 1] = rgb[i + 1] as number;
      out[row + x * 3 + 2] = rgb[i] as number;
    }
  }
  return { bmp: out, rgb };
}

/** A two-frame animated GIF. */
export async function animatedGif(width = 24, height = 16) {
  const frame = (hex: string) =>
    sharp({ create: { width, height, channels: 4, background: hex } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame("#ff0000"), await frame("#0000ff")]);
  return sharp(frames, { raw: { width, height: height * 2, channels: 4, pageHeight: height } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

/**
 * The tags of an EXIF block (as sharp's `metadata().exif` gives it): IFD0's and the GPS IFD's tag ids.
 * A minimal TIFF reader, enough to prove a file does or does not carry a location.
 */
export function exifTags(exif: Buffer | undefined): { ifd0: number[]; gps: number[] } {
  if (!exif) return { ifd0: [], gps: [] };
  const base = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0;
  const le = exif.subarray(base, base + 2).toString("latin1") === "II";
  const u16 = (at: number) => (le ? exif.readUInt16LE(base + at) : exif.readUInt16BE(base + at));
  const u32 = (at: number) => (le ? exif.readUInt32LE(base + at) : exif.readUInt32BE(base + at));
  const readIfd = (offset: number) => {
    const entries: { tag: number; value: number }[] = [];
    const n = u16(offset);
    for (let i = 0; i < n; i++) {
      const at = offset + 2 + i * 12;
      entries.push({ tag: u16(at), value: u32(at + 8) });
    }
    return entries;
  };
  const ifd0 = readIfd(u32(4));
  const gpsPointer = ifd0.find((e) => e.tag === 0x8825);
  return {
    ifd0: ifd0.map((e) => e.tag),
    gps: gpsPointer ? readIfd(gpsPointer.value).map((e) => e.tag) : [],
  };
}

/** GPS tag ids: latitude and longitude. */
export const GPS_LATITUDE = 0x0002;
export const GPS_LONGITUDE = 0x0004;
