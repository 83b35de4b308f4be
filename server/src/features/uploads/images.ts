import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from "@airwave/contracts";
import sharp, { type Sharp } from "sharp";
import { AppError } from "../../platform/errors.ts";
import { BitmapError, bmpSize } from "./bmp.ts";
import { decodeBmpOffThread } from "./bmp-thread.ts";

type ImageExt = "jpg" | "png" | "gif" | "webp";

interface ProcessedImage {
  body: Buffer;
  ext: ImageExt;
  contentType: string;
  /** Of one frame, after auto-rotation. */
  width: number;
  height: number;
}

/** What the first bytes say the file is. Anything else (SVG, text, PDF...) is never handed to sharp. */
type Sniffed = "jpeg" | "png" | "gif" | "webp" | "tiff" | "heif" | "bmp";

const HEIF_BRANDS = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
]);

const ascii = (data: Buffer, start: number, end: number) => data.toString("latin1", start, end);

function sniffImage(data: Buffer): Sniffed | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  const six = ascii(data, 0, 6);
  if (six === "GIF87a" || six === "GIF89a") return "gif";
  if (ascii(data, 0, 4) === "RIFF" && ascii(data, 8, 12) === "WEBP") return "webp";
  const four = ascii(data, 0, 4);
  if (four === "II*\0" || four === "MM\0*") return "tiff";
  if (ascii(data, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(data, 8, 12))) return "heif";
  if (data[0] === 0x42 && data[1] === 0x4d) return "bmp";
  return null;
}

const invalid = () => new AppError(400, UPLOAD_MESSAGES.invalidFileType);
const tooLarge = () => new AppError(413, UPLOAD_MESSAGES.imageTooLarge);
/** Too many pixels: the bytes were fine, the content is not. */
const tooManyPixels = () => new AppError(400, UPLOAD_MESSAGES.imageTooLarge);

function checkDimensions(width: number | undefined, height: number | undefined, frames = 1) {
  if (!width || !height) throw invalid();
  if (width > UPLOAD_LIMITS.imageMaxSide || height > UPLOAD_LIMITS.imageMaxSide) {
    throw tooManyPixels();
  }
  if (width * height * frames > UPLOAD_LIMITS.imageMaxPixels) throw tooManyPixels();
}

const DECODE = {
  // Refuse truncated and corrupt images; tolerate mere warnings (common in cameras' JPEGs).
  failOn: "error",
  limitInputPixels: UPLOAD_LIMITS.imageMaxPixels,
} as const;
const TIMEOUT = { seconds: 30 };

const OUTPUT: Record<ImageExt, { contentType: string; format: string }> = {
  jpg: { contentType: "image/jpeg", format: "jpeg" },
  png: { contentType: "image/png", format: "png" },
  gif: { contentType: "image/gif", format: "gif" },
  webp: { contentType: "image/webp", format: "webp" },
};

/** Re-encodes: nothing of the input's metadata (EXIF, GPS, XMP, ICC, comments) is copied. */
function encode(image: Sharp, ext: ImageExt): Sharp {
  switch (ext) {
    case "jpg":
      return image.jpeg({ quality: 85, mozjpeg: true });
    case "png":
      return image.png();
    case "gif":
      return image.gif();
    case "webp":
      return image.webp({ quality: 85 });
  }
}

async function finish(pipeline: Sharp, ext: ImageExt): Promise<ProcessedImage> {
  const body = await pipeline.timeout(TIMEOUT).toBuffer();
  // The output must read back as what we meant to write; its first frame gives the dimensions.
  const out = await sharp(body).metadata();
  if (out.format !== OUTPUT[ext].format || !out.width || !out.height) throw invalid();
  return {
    body,
    ext,
    contentType: OUTPUT[ext].contentType,
    width: out.width,
    height: out.height,
  };
}

async function processBitmap(data: Buffer): Promise<ProcessedImage> {
  const size = bmpSize(data);
  if (!size) throw invalid();
  checkDimensions(size.width, size.height);
  // Off the event loop: the decoder is JavaScript walking every pixel.
  const bitmap = await decodeBmpOffThread(data);
  const image = sharp(bitmap.pixels, {
    raw: { width: bitmap.width, height: bitmap.height, channels: bitmap.channels },
    limitInputPixels: UPLOAD_LIMITS.imageMaxPixels,
  });
  return finish(encode(image, "webp"), "webp");
}

async function processWithSharp(data: Buffer, sniffed: Exclude<Sniffed, "bmp">) {
  // The header only (no pixels decoded): the real format and the size, checked before decoding.
  const meta = await sharp(data, { limitInputPixels: false }).metadata();
  if (meta.format !== sniffed) throw invalid();
  const animated = (sniffed === "gif" || sniffed === "webp") && (meta.pages ?? 1) > 1;
  checkDimensions(meta.width, meta.pageHeight ?? meta.height, animated ? meta.pages : 1);

  let image = sharp(data, { ...DECODE, animated });
  // EXIF orientation applied to the pixels, since the EXIF itself is dropped (animations carry none).
  if (!animated) image = image.autoOrient();
  const ext: ImageExt =
    sniffed === "jpeg" ? "jpg" : sniffed === "png" || sniffed === "gif" ? sniffed : "webp";
  return finish(encode(image, ext), ext);
}

/**
 * Checks an uploaded image by its content and re-encodes it: JPEG, PNG, GIF (animation kept) and WebP
 * keep their format; AVIF/HEIF, TIFF and BMP become WebP. SVG, non-images, truncated or corrupt
 * images and images beyond the byte or pixel limits are refused with an `AppError`.
 */
export async function processImage(
  data: Buffer,
  maxBytes: number = UPLOAD_LIMITS.imageMaxBytes,
): Promise<ProcessedImage> {
  if (data.length > maxBytes) throw tooLarge();
  const sniffed = sniffImage(data);
  if (!sniffed) throw invalid();
  try {
    return sniffed === "bmp" ? await processBitmap(data) : await processWithSharp(data, sniffed);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof BitmapError) throw invalid();
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    // sharp's decode errors: truncated, corrupt, unsupported codec (e.g. HEVC-coded HEIC).
    throw invalid();
  }
}
