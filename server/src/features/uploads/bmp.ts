/**
 * A small decoder for Windows bitmaps, which sharp's libvips does not read: uncompressed 1/4/8-bit
 * palette images, 16/24/32-bit images, and 16/32-bit BI_BITFIELDS. RLE and embedded JPEG/PNG bitmaps
 * are refused. The caller checks dimensions against its limits before the pixels are allocated.
 */
export interface DecodedBitmap {
  width: number;
  height: number;
  channels: 3 | 4;
  pixels: Buffer;
}

export class BitmapError extends Error {}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

const isBmp = (data: Buffer) => data.length >= 26 && data[0] === 0x42 && data[1] === 0x4d;

/** Width and height from the header, without decoding (null when the header is not one we read). */
export function bmpSize(data: Buffer): { width: number; height: number } | null {
  if (!isBmp(data)) return null;
  const dibSize = data.readUInt32LE(14);
  if (dibSize < 40 || data.length < 14 + dibSize) return null;
  return { width: data.readInt32LE(18), height: Math.abs(data.readInt32LE(22)) };
}

/** A channel described by a bit mask: its shift and the scale to 8 bits. */
function channel(mask: number) {
  if (mask === 0) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((mask >>> (shift + bits)) & 1) === 1) bits++;
  const max = 2 ** bits - 1;
  return (v: number) => Math.round((((v & mask) >>> shift) * 255) / max);
}

export function decodeBmp(data: Buffer): DecodedBitmap {
  if (!isBmp(data) || data.length < 54) throw new BitmapError("not a bitmap");
  const pixelOffset = data.readUInt32LE(10);
  const dibSize = data.readUInt32LE(14);
  if (dibSize < 40 || 14 + dibSize > data.length) throw new BitmapError("unsupported header");
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  const planes = data.readUInt16LE(26);
  const bpp = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const colorsUsed = data.readUInt32LE(46);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (planes !== 1 || width <= 0 || height <= 0) throw new BitmapError("bad dimensions");

  const bitfields = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  if (!(compression === BI_RGB || (bitfields && (bpp === 16 || bpp === 32)))) {
    throw new BitmapError("unsupported compression");
  }
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new BitmapError("unsupported depth");

  // Masks: inside the header from version 2 on, else right after the 40-byte header.
  let masks: [number, number, number, number] = [0, 0, 0, 0];
  if (bitfields) {
    const at = 54;
    const count = compression === BI_ALPHABITFIELDS || dibSize >= 56 ? 4 : 3;
    if (at + count * 4 > data.length) throw new BitmapError("truncated");
    masks = [
      data.readUInt32LE(at),
      data.readUInt32LE(at + 4),
      data.readUInt32LE(at + 8),
      count === 4 ? data.readUInt32LE(at + 12) : 0,
    ];
  } else if (bpp === 16) {
    masks = [0x7c00, 0x03e0, 0x001f, 0];
  } else if (bpp === 32) {
    masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  }

  let palette: Buffer | null = null;
  if (bpp <= 8) {
    const entries = colorsUsed || 2 ** bpp;
    if (entries > 2 ** bpp) throw new BitmapError("bad palette");
    const at = 14 + dibSize + (compression === BI_BITFIELDS && dibSize === 40 ? 12 : 0);
    if (at + entries * 4 > data.length) throw new BitmapError("truncated");
    palette = data.subarray(at, at + entries * 4);
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (pixelOffset < 54 || pixelOffset + stride * height > data.length) {
    throw new BitmapError("truncated");
  }

  const [r, g, b, a] = masks.map(channel);
  const channels = a ? 4 : 3;
  const out = Buffer.alloc(width * height * channels);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (palette) {
        const bit = x * bpp;
        const byte = data[row + (bit >> 3)] as number;
        const index = (byte >> (8 - bpp - (bit & 7))) & (2 ** bpp - 1);
        if (index * 4 + 3 > palette.length) throw new BitmapError("bad palette index");
        out[o] = palette[index * 4 + 2] as number;
        out[o + 1] = palette[index * 4 + 1] as number;
        out[o + 2] = palette[index * 4] as number;
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = data[p + 2] as number;
        out[o + 1] = data[p + 1] as number;
        out[o + 2] = data[p] as number;
      } else {
        const v = bpp === 16 ? data.readUInt16LE(row + x * 2) : data.readUInt32LE(row + x * 4);
        out[o] = r ? r(v) : 0;
        out[o + 1] = g ? g(v) : 0;
        out[o + 2] = b ? b(v) : 0;
        if (a) {
          out[o + 3] = a(v);
          if (out[o + 3] !== 0) anyAlpha = true;
        }
      }
    }
  }
  if (channels === 4 && !anyAlpha) {
    // An alpha mask with every pixel at 0 means "unused", not "fully transparent".
    for (let i = 3; i < out.length; i += 4) out[i] = 255;
  }
  return { width, height, channels, pixels: out };
}
