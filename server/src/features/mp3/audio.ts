import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { open } from "node:fs/promises";
import { isMp3Format, MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { parseFile } from "music-metadata";
import { AppError } from "../../platform/errors.ts";

export interface Mp3Info {
  /** Seconds. */
  duration: number;
  /** Bits per second (the average, for a VBR file). */
  bitrate: number;
}

/** A refused upload: the text in `message` and in `error` (chat spec 7 reads `error`). */
export const mp3Error = (status: number, message: string) =>
  new AppError(status, message, { error: message });

/**
 * Checks a file by its content (decisions "Media"): a decodable MPEG audio stream, layer 3, with a
 * duration, as music-metadata reads it. Anything else (WAV, OGG, an image or text named .mp3, a cut-off
 * or empty file) is refused with 400.
 */
export async function inspectMp3(file: string): Promise<Mp3Info> {
  let format: Awaited<ReturnType<typeof parseFile>>["format"];
  try {
    ({ format } = await parseFile(file, { skipCovers: true }));
  } catch {
    throw mp3Error(400, MP3_MESSAGES.notMp3);
  }
  const { container, codec, duration, bitrate } = format;
  const isMp3 = isMp3Format({ container, codec });
  if (!isMp3 || !duration || !Number.isFinite(duration) || duration <= 0) {
    throw mp3Error(400, MP3_MESSAGES.notMp3);
  }
  return { duration, bitrate: Math.round(bitrate ?? 0) };
}

/** Waveforms one process computes at once (each is an ffmpeg decoding a whole track: ~4 s for 50MB). */
const WAVEFORM_CONCURRENCY = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than WAVEFORM_CONCURRENCY others are running, in arrival order. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < WAVEFORM_CONCURRENCY) running += 1;
  else await new Promise<void>((start) => waiting.push(start));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Samples per second ffmpeg decodes to for the peaks (plenty for a few hundred values). */
const WAVEFORM_RATE = 4000;
/** Wall clock for one waveform (a 50MB track decodes in ~4 s); then ffmpeg is killed. */
const WAVEFORM_TIMEOUT_MS = 30_000;
/**
 * The address space one waveform's ffmpeg may map (`prlimit --as`): decoding audio works from about
 * 300 MiB (its libraries take most of it; measured on Debian 12's ffmpeg 5.1), so a picture that slips
 * past the tag skip cannot take ~1 GB.
 */
export const WAVEFORM_MAX_MEMORY_BYTES = 512 * 1024 * 1024;
const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p));

/**
 * Bytes of the ID3v2 tags at the start of an MP3 (several may follow each other): they hold the
 * embedded pictures (APIC), so ffmpeg starts reading after them and never sees, probes or decodes a
 * cover (a 16,000 x 16,000 PNG took 1 GB and seconds to probe).
 */
export async function leadingTagBytes(file: string): Promise<number> {
  const handle = await open(file, "r");
  try {
    let offset = 0;
    const header = Buffer.alloc(10);
    for (;;) {
      const { bytesRead } = await handle.read(header, 0, 10, offset);
      if (bytesRead < 10 || header.toString("latin1", 0, 3) !== "ID3") return offset;
      // A syncsafe size: four 7-bit bytes; flag 0x10 adds a 10-byte footer.
      const b = (i: number) => header.readUInt8(i) & 0x7f;
      const size = (b(6) << 21) | (b(7) << 14) | (b(8) << 7) | b(9);
      const footer = header.readUInt8(5) & 0x10 ? 10 : 0;
      offset += 10 + size + footer;
    }
  } finally {
    await handle.close();
  }
}

/**
 * ffmpeg's input options for an MP3's audio alone: read as MPEG audio from after its ID3v2 tags
 * (`leadingTagBytes`), so no picture stream exists to probe or decode. Map `0:a:0` after it.
 */
export const mp3AudioInput = (file: string, skipBytes: number): string[] => [
  ...["-f", "mp3", "-skip_initial_bytes", String(skipBytes), "-i", file],
];

/** ffmpeg under `prlimit --as=WAVEFORM_MAX_MEMORY_BYTES` when the system has prlimit. */
export function boundedFfmpeg(ffmpeg: string, args: string[]): { command: string; args: string[] } {
  if (!PRLIMIT) return { command: ffmpeg, args };
  return { command: PRLIMIT, args: [`--as=${WAVEFORM_MAX_MEMORY_BYTES}`, "--", ffmpeg, ...args] };
}

/**
 * The waveform's command: ffmpeg reading the file's audio alone (`mp3AudioInput`), the first audio
 * stream only (no picture, subtitle or data stream), one thread, bounded in memory.
 */
export function waveformCommand(
  ffmpeg: string,
  file: string,
  skipBytes: number,
): { command: string; args: string[] } {
  const output = ["-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(WAVEFORM_RATE)];
  const pcm = ["-f", "s16le", "-acodec", "pcm_s16le", "pipe:1"];
  return boundedFfmpeg(ffmpeg, [
    ...["-v", "error", "-nostdin", "-threads", "1"],
    ...mp3AudioInput(file, skipBytes),
    ...output,
    ...pcm,
  ]);
}

/**
 * The track's waveform: `points` peak values 0..1 (3 decimals), from ffmpeg decoding the file's audio
 * to mono 16-bit samples, read as they stream (nothing but the peaks is kept). At most
 * WAVEFORM_CONCURRENCY run at once per process, each killed after WAVEFORM_TIMEOUT_MS and bounded in
 * memory. Empty when ffmpeg is missing, fails or takes too long: the track is accepted without a
 * waveform.
 */
export function computeWaveform(
  ffmpeg: string,
  file: string,
  duration: number,
  points: number = MP3_LIMITS.waveformPoints,
): Promise<number[]> {
  return inTurn(async () => {
    const skip = await leadingTagBytes(file).catch(() => 0);
    return decodePeaks(waveformCommand(ffmpeg, file, skip), duration, points);
  });
}

function decodePeaks(
  { command, args }: { command: string; args: string[] },
  duration: number,
  points: number,
): Promise<number[]> {
  const expected = Math.max(1, Math.ceil(duration * WAVEFORM_RATE));
  const perPoint = Math.max(1, Math.ceil(expected / points));
  return new Promise((resolve) => {
    const peaks: number[] = [];
    let peak = 0;
    let inBucket = 0;
    let carry: Buffer | null = null;
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), WAVEFORM_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = whole < data.length ? data.subarray(whole) : null;
      for (let i = 0; i < whole; i += 2) {
        const v = Math.abs(data.readInt16LE(i));
        if (v > peak) peak = v;
        if (++inBucket === perPoint) {
          peaks.push(peak);
          peak = 0;
          inBucket = 0;
        }
      }
    });
    child.on("error", () => {
      clearTimeout(timer);
      resolve([]);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve([]);
      if (inBucket > 0) peaks.push(peak);
      resolve(peaks.slice(0, points).map((p) => Math.round((p / 32768) * 1000) / 1000));
    });
  });
}
