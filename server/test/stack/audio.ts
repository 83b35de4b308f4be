import { type ChildProcess, execFile, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { promisify } from "node:util";

/**
 * Real audio for the station's tests: a listener that decodes the stream and tells which tone is on
 * air, and DJ sources (ffmpeg over the Icecast protocol; a Shoutcast-protocol client) sending a tone.
 */

export { freePort } from "../free-port.ts";

const RATE = 8000;

/** The strength of `hz` in 16-bit mono samples (Goertzel). */
function power(samples: Int16Array, hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / RATE);
  let a = 0;
  let b = 0;
  for (const x of samples) [a, b] = [x + k * a - b, a];
  return a * a + b * b - k * a * b;
}

export interface ToneListener {
  /** The candidate tone loudest in the last half second, or null before any audio arrived. */
  current(): number | null;
  /** Resolves once `hz` has been the loudest tone; rejects after `timeoutMs` with what was heard. */
  waitFor(hz: number | ((heard: number) => boolean), timeoutMs?: number): Promise<number>;
  close(): void;
}

/** Listens to `url` like a member of the audience, decoding it (ffmpeg) as it plays. */
export function listenForTones(url: string, candidates: number[]): ToneListener {
  const ff = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-reconnect", "1", "-reconnect_streamed", "1"],
      ...["-i", url, "-ac", "1", "-ar", String(RATE), "-f", "s16le", "pipe:1"],
    ],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let tail = Buffer.alloc(0);
  const window = RATE; // half a second of 16-bit samples
  ff.stdout.on("data", (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > window * 4) tail = tail.subarray(tail.length - window * 2);
  });
  const current = () => {
    if (tail.length < window) return null;
    const last = tail.subarray(tail.length - window);
    const samples = new Int16Array(last.buffer.slice(last.byteOffset, last.byteOffset + window));
    let best: number | null = null;
    let bestPower = 0;
    for (const hz of candidates) {
      const p = power(samples, hz);
      if (p > bestPower) [best, bestPower] = [hz, p];
    }
    return best;
  };
  return {
    current,
    async waitFor(hz, timeoutMs = 20_000) {
      const ok = typeof hz === "number" ? (h: number) => h === hz : hz;
      const deadline = Date.now() + timeoutMs;
      let heard: number | null = null;
      while (Date.now() < deadline) {
        heard = current();
        if (heard !== null && ok(heard)) return heard;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`expected tone ${String(hz)}, heard ${heard ?? "nothing"}`);
    },
    close: () => ff.kill("SIGKILL"),
  };
}

const toneArgs = (hz: number) => [
  ...["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi"],
  ...["-i", `sine=frequency=${hz}:sample_rate=44100`, "-ac", "2"],
  ...["-c:a", "libmp3lame", "-b:a", "128k"],
];

export interface DjSource {
  /** Resolves with ffmpeg's exit code (a refused log-in ends it at once with an error). */
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  return exited.then(() => undefined);
}

/** ffmpeg as a DJ's encoder: streams a tone to the harbor over the Icecast protocol (`/live`). */
export function icecastDj(port: number, user: string, password: string, hz: number): DjSource {
  const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`.replaceAll("%2C", ",");
  const ff = spawn(
    "ffmpeg",
    [
      ...toneArgs(hz),
      ...["-content_type", "audio/mpeg", "-f", "mp3"],
      `icecast://${auth}@127.0.0.1:${port}/live`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  ff.stderr.on("data", (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((r) => ff.once("exit", (code) => r(code)));
  return { exited, output: () => err, stop: () => stopChild(ff, exited) };
}

/**
 * A DJ's encoder speaking the Shoutcast (v1) protocol, which sends only a password: it connects
 * to the harbor port + 1, sends `password`, and on `OK2` streams a tone. `accepted` says whether
 * the station let it in.
 */
export function shoutcastDj(port: number, password: string, hz: number) {
  const socket = net.connect(port + 1, "127.0.0.1");
  let ff: ChildProcess | null = null;
  let ffExited: Promise<unknown> = Promise.resolve();
  const accepted = new Promise<boolean>((resolve) => {
    socket.once("connect", () => socket.write(`${password}\r\n`));
    socket.once("data", (d) => {
      if (!d.toString("latin1").startsWith("OK2")) return resolve(false);
      socket.write("content-type: audio/mpeg\r\nicy-name: Test DJ\r\nicy-br: 128\r\n\r\n");
      const child = spawn("ffmpeg", [...toneArgs(hz), "-f", "mp3", "pipe:1"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      ff = child;
      ffExited = new Promise((r) => child.once("exit", r));
      child.stdout?.pipe(socket);
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
  });
  return {
    accepted,
    async stop() {
      if (ff) await stopChild(ff, ffExited);
      socket.destroy();
    },
  };
}

/** Records `ms` of what a listener of `url` receives. */
export function recordStream(url: string, ms: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const req = http.get(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode} from ${url}`));
      res.on("data", (c: Buffer) => chunks.push(c));
      setTimeout(() => {
        req.destroy();
        resolve(Buffer.concat(chunks));
      }, ms);
    });
    req.on("error", reject);
  });
}

const run = promisify(execFile);

/** A tone of `seconds` as a tagged MP3 file (ffmpeg), for a music folder or a library track. */
export async function toneFile(
  file: string,
  hz: number,
  seconds: number,
  title: string,
  artist: string,
) {
  await run("ffmpeg", [
    ...["-v", "error", "-nostdin", "-y", "-f", "lavfi"],
    ...["-i", `sine=frequency=${hz}:duration=${seconds}:sample_rate=44100`],
    ...["-ac", "2", "-b:a", "128k", "-id3v2_version", "3"],
    ...["-metadata", `title=${title}`, "-metadata", `artist=${artist}`, file],
  ]);
}

/**
 * What ffprobe (a player this project did not write) reads from a stream asked with ICY metadata:
 * the station's ICY headers and the StreamTitle of the first metadata block.
 */
export async function probeIcy(url: string): Promise<Record<string, string>> {
  const { stdout } = await run(
    "ffprobe",
    ["-v", "error", "-icy", "1", "-show_entries", "format_tags", "-of", "json", url],
    { timeout: 20_000 },
  );
  return (JSON.parse(stdout) as { format?: { tags?: Record<string, string> } }).format?.tags ?? {};
}
