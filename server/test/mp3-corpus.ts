import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { pngImage } from "./images.ts";
import { type FormParts, multipartBody } from "./multipart.ts";

const run = promisify(execFile);

/** Two seconds of a tone as ffmpeg encodes it: CBR and VBR MP3s with and without ID3 tags, and others. */
export interface Mp3Corpus {
  cbr: Buffer;
  vbr: Buffer;
  cbrTagged: Buffer;
  vbrTagged: Buffer;
  wav: Buffer;
  ogg: Buffer;
  png: Buffer;
  text: Buffer;
  /** The first 300 bytes of the CBR file: a frame header and no whole frame. */
  truncated: Buffer;
}

const TONE = ["-f", "lavfi", "-i", "sine=frequency=440:duration=2"];
const NO_TAGS = ["-id3v2_version", "0", "-write_id3v1", "0"];
const TAGS = ["-id3v2_version", "3", "-metadata", "title=Corpus Tone", "-metadata", "artist=Tests"];

/** Makes the corpus once (a test file's beforeAll) with ffmpeg in a temporary folder. */
export async function makeMp3Corpus(): Promise<Mp3Corpus> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "airwave-mp3-corpus-"));
  try {
    const make = async (name: string, args: string[]) => {
      const file = path.join(dir, name);
      await run("ffmpeg", ["-v", "error", "-nostdin", "-y", ...TONE, ...args, file]);
      return readFile(file);
    };
    const cbrArgs = ["-c:a", "libmp3lame", "-b:a", "128k", "-write_xing", "0"];
    const vbrArgs = ["-c:a", "libmp3lame", "-q:a", "4"];
    const [cbr, vbr, cbrTagged, vbrTagged, wav, ogg, png] = await Promise.all([
      make("cbr.mp3", [...cbrArgs, ...NO_TAGS]),
      make("vbr.mp3", [...vbrArgs, ...NO_TAGS]),
      make("cbr-tagged.mp3", [...cbrArgs, ...TAGS]),
      make("vbr-tagged.mp3", [...vbrArgs, ...TAGS]),
      make("tone.wav", []),
      make("tone.ogg", ["-c:a", "libvorbis"]),
      pngImage(),
    ]);
    return {
      cbr,
      vbr,
      cbrTagged,
      vbrTagged,
      wav,
      ogg,
      png,
      text: Buffer.from("These are the liner notes, not a song.\n".repeat(20)),
      truncated: cbr.subarray(0, 300),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A multipart upload whose file is `size` bytes made by repeating `unit` (whole MP3 frames repeat
 * into a longer MP3), generated as it is read: the test process never holds the whole body.
 */
export function streamedUpload(
  fields: Record<string, string>,
  filename: string,
  unit: Buffer,
  size: number,
): { body: Readable; contentType: string } {
  const marker = Buffer.from("@@FILE@@");
  const parts: FormParts = {
    ...fields,
    file: { filename, contentType: "audio/mpeg", data: marker },
  };
  const { body, contentType } = multipartBody(parts);
  const at = body.indexOf(marker);
  const head = body.subarray(0, at);
  const tail = body.subarray(at + marker.length);
  const chunk = Buffer.concat(Array.from({ length: Math.ceil(262_144 / unit.length) }, () => unit));
  async function* generate() {
    yield head;
    let left = size;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield chunk.subarray(0, n);
      left -= n;
    }
    yield tail;
  }
  // One chunk per read, never concatenated: the test adds no copies of its own to what is measured.
  return { body: Readable.from(generate()), contentType };
}

/**
 * A solid grey `side` x `side` PNG written directly (8-bit greyscale, deflated rows): a few hundred
 * KB on disk for 16,000 x 16,000, `side`² bytes once decoded.
 */
export async function solidGreyPng(side: number): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0 and `side` grey pixels, deflated as they are written.
  const rows = Buffer.concat(Array(100).fill(Buffer.alloc(side + 1, 0x40).fill(0, 0, 1)));
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  for (let written = 0; written < side; written += 100) {
    const count = Math.min(100, side - written);
    const part = count === 100 ? rows : rows.subarray(0, count * (side + 1));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(out)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A 3 s MP3 whose ID3v2.3 tag carries a solid `side` x `side` PNG as its front cover (one APIC
 * frame, written directly): under 1 MB for 16,000 x 16,000, hundreds of MB once decoded.
 */
export async function mp3WithCover(side = 16_000): Promise<Buffer> {
  const [{ stdout: audio }, png] = await Promise.all([
    run(
      "ffmpeg",
      [
        ...["-v", "error", "-nostdin", ...TONE.slice(0, 3), "sine=frequency=440:duration=3"],
        ...["-c:a", "libmp3lame", "-b:a", "64k", ...NO_TAGS, "-f", "mp3", "pipe:1"],
      ],
      { encoding: "buffer", maxBuffer: 16 * 1024 * 1024 },
    ),
    solidGreyPng(side),
  ]);
  // APIC: text encoding 0, MIME type, picture type 3 (front cover), empty description, the data.
  const apic = Buffer.concat([Buffer.from("\0image/png\0\x03\0", "latin1"), png]);
  const frameHeader = Buffer.alloc(10);
  frameHeader.write("APIC", 0, "latin1");
  frameHeader.writeUInt32BE(apic.length, 4);
  const frames = Buffer.concat([frameHeader, apic]);
  const tagHeader = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  // The tag's size, syncsafe: four 7-bit bytes.
  for (let i = 0; i < 4; i++) tagHeader[6 + i] = (frames.length >> (7 * (3 - i))) & 0x7f;
  return Buffer.concat([tagHeader, frames, audio as Buffer]);
}
