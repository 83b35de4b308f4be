import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import sharp from "sharp";
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
 * A 3 s MP3 whose ID3v2 tag carries a solid `side` x `side` PNG as its front cover (APIC): under
 * 1 MB on disk, ~`side`² x 3 bytes once decoded.
 */
export async function mp3WithCover(side = 16_000): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "airwave-mp3-cover-"));
  try {
    const png = path.join(dir, "cover.png");
    const out = path.join(dir, "cover.mp3");
    await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 10, g: 20, b: 30 } },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toFile(png);
    await run("ffmpeg", [
      "-v",
      "error",
      "-nostdin",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=3",
      "-i",
      png,
      "-map",
      "0:a",
      "-map",
      "1:v",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "64k",
      "-c:v",
      "copy",
      "-id3v2_version",
      "3",
      "-metadata:s:v",
      "comment=Cover (front)",
      "-disposition:v",
      "attached_pic",
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
