import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRelay, ICY_METAINT } from "../../../../station/relay.mjs";

/**
 * The listener relay (station/relay.mjs) against an upstream of our own that speaks like Icecast:
 * MPEG frames with ICY metadata every UPSTREAM_METAINT bytes, in chunks that never line up with
 * frames or metadata blocks. Listeners are plain HTTP clients; what they receive is parsed here
 * independently of the relay's own reader.
 */

const RELAY_SCRIPT = path.resolve(import.meta.dirname, "../../../../station/relay.mjs");
/** MPEG-1 Layer III, 128 kbps, 44.1 kHz, no padding: 417-byte frames. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x00];
const FRAME_BYTES = 417;
const UPSTREAM_METAINT = 1000;

/** Frame `n`: the header, then bytes counting from n (so any slice tells where it came from). */
function frame(n: number): Buffer {
  const b = Buffer.alloc(FRAME_BYTES);
  b.set(FRAME_HEADER);
  for (let i = 4; i < FRAME_BYTES; i++) b[i] = (n * 7 + i) & 0xff;
  // Never a false frame sync inside a frame's body.
  for (let i = 4; i < FRAME_BYTES; i++) if (b[i] === 0xff) b[i] = 0xfe;
  return b;
}

interface Upstream {
  url: string;
  /** Every audio byte sent so far, in order. */
  audio(): Buffer;
  setTitle(title: string): void;
  close(): Promise<void>;
}

/** An Icecast mount: `bytesPerTick` of audio every 20 ms in odd-sized chunks, ICY metadata when asked. */
async function startUpstream(bytesPerTick: number, title = "First Artist - First Title") {
  let current = title;
  let frameNo = 0;
  let stock = Buffer.alloc(0);
  const sent: Buffer[] = [];
  const connections = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const meta = req.headers["icy-metadata"] === "1";
    res.writeHead(200, {
      "content-type": "audio/mpeg",
      ...(meta ? { "icy-metaint": String(UPSTREAM_METAINT) } : {}),
    });
    connections.add(res);
    let untilMeta = UPSTREAM_METAINT;
    let told = "";
    const timer = setInterval(() => {
      if (stock.length < bytesPerTick) {
        const more = Array.from({ length: Math.ceil(bytesPerTick / FRAME_BYTES) }, () =>
          frame(frameNo++),
        );
        stock = Buffer.concat([stock, ...more]);
      }
      const audio = stock.subarray(0, bytesPerTick);
      stock = stock.subarray(bytesPerTick);
      sent.push(audio);
      const out: Buffer[] = [];
      let at = 0;
      while (at < audio.length) {
        const n = Math.min(untilMeta, audio.length - at);
        out.push(audio.subarray(at, at + n));
        at += n;
        untilMeta -= n;
        if (untilMeta === 0 && meta) {
          if (told === current) out.push(Buffer.from([0]));
          else {
            const body = Buffer.from(`StreamTitle='${current}';StreamUrl='';`);
            const block = Buffer.alloc(1 + Math.ceil(body.length / 16) * 16);
            block[0] = Math.ceil(body.length / 16);
            body.copy(block, 1);
            out.push(block);
            told = current;
          }
          untilMeta = UPSTREAM_METAINT;
        }
      }
      // Odd-sized writes: chunk edges fall anywhere (inside frames and metadata blocks).
      const all = Buffer.concat(out);
      const size = bytesPerTick > 10_000 ? 4999 : 333;
      for (let i = 0; i < all.length; i += size) res.write(all.subarray(i, i + size));
    }, 20);
    res.on("close", () => {
      clearInterval(timer);
      connections.delete(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/radio.mp3`,
    audio: () => Buffer.concat(sent),
    setTitle: (t: string) => {
      current = t;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of connections) c.destroy();
        server.close(() => r());
      }),
  } satisfies Upstream;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function relayFor(
  upstream: Upstream,
  options: Partial<Parameters<typeof createRelay>[0]> = {},
) {
  const relay = createRelay({
    upstream: upstream.url,
    mount: "/radio.mp3",
    station: {
      name: "Airwave Radio",
      genre: "Dance, Hardcore, Drum and Bass",
      url: "http://radio.example.test",
      description: "Test station",
    },
    ...options,
  });
  const port = await relay.listen();
  cleanups.push(() => relay.close());
  await until(() => relay.stats().onAir);
  return { relay, base: `http://127.0.0.1:${port}` };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Listening {
  res: http.IncomingMessage;
  bytes(): Buffer;
  /** Resolves once `n` bytes have arrived. */
  atLeast(n: number): Promise<Buffer>;
  close(): void;
}

function listen(url: string, headers: Record<string, string> = {}): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      const waiters: { n: number; resolve: (b: Buffer) => void }[] = [];
      const bytes = () => Buffer.concat(chunks);
      res.on("data", (c: Buffer) => {
        chunks.push(c);
        total += c.length;
        for (const w of waiters.splice(0)) {
          if (total >= w.n) w.resolve(bytes());
          else waiters.push(w);
        }
      });
      const listening = {
        res,
        bytes,
        atLeast: (n: number) =>
          total >= n
            ? Promise.resolve(bytes())
            : new Promise<Buffer>((r) => waiters.push({ n, resolve: r })),
        close: () => req.destroy(),
      };
      cleanups.push(() => listening.close());
      resolve(listening);
    });
    req.on("error", reject);
  });
}

/** A listener's bytes split as a player would: 16,000 audio bytes, a length byte, the block. */
function parseIcy(data: Buffer) {
  const audio: Buffer[] = [];
  const blocks: string[] = [];
  let at = 0;
  while (at + ICY_METAINT < data.length) {
    audio.push(data.subarray(at, at + ICY_METAINT));
    at += ICY_METAINT;
    const len = (data[at] ?? 0) * 16;
    if (at + 1 + len > data.length) break;
    blocks.push(data.subarray(at + 1, at + 1 + len).toString("utf8"));
    at += 1 + len;
  }
  return { audio: Buffer.concat(audio), blocks };
}

describe("the listener relay", () => {
  it("starts a new listener with a burst of recent audio from a frame's start, then plays on without a gap", async () => {
    const upstream = await startUpstream(3200);
    cleanups.push(() => upstream.close());
    const { base } = await relayFor(upstream, { burstBytes: 64 * 1024 });
    await until(() => upstream.audio().length > 100_000);

    const started = Date.now();
    const listener = await listen(`${base}/radio.mp3`);
    expect(listener.res.statusCode).toBe(200);
    expect(listener.res.headers["transfer-encoding"]).toBeUndefined();
    const first = await listener.atLeast(60_000);
    // The burst arrives at once, not at the stream's pace.
    expect(Date.now() - started).toBeLessThan(1000);
    expect([...first.subarray(0, 4)]).toEqual(FRAME_HEADER);

    const heard = await listener.atLeast(first.length + 40_000);
    const sent = upstream.audio();
    const from = sent.indexOf(heard.subarray(0, 2000));
    expect(from).toBeGreaterThanOrEqual(0);
    expect(heard.equals(sent.subarray(from, from + heard.length))).toBe(true);
  });

  it("sends ICY metadata every 16,000 bytes when asked: the title, then empty blocks, a new title in the next block", async () => {
    const upstream = await startUpstream(3200);
    cleanups.push(() => upstream.close());
    const { base, relay } = await relayFor(upstream);
    await until(() => relay.stats().title === "First Artist - First Title");

    const listener = await listen(`${base}/radio.mp3`, { "icy-metadata": "1" });
    expect(listener.res.headers).toMatchObject({
      "content-type": "audio/mpeg",
      "icy-metaint": "16000",
      "icy-name": "Airwave Radio",
      "icy-genre": "Dance, Hardcore, Drum and Bass",
    });
    const before = parseIcy(await listener.atLeast(3 * (ICY_METAINT + 1) + 64));
    expect(before.blocks[0]).toMatch(/^StreamTitle='First Artist - First Title';\0*$/);
    expect(before.blocks.slice(1).every((b) => b === "")).toBe(true);

    upstream.setTitle("Rock 'n' Roll - Don't Stop");
    await until(() => relay.stats().title === "Rock 'n' Roll - Don't Stop");
    const seen = listener.bytes().length;
    const after = parseIcy(await listener.atLeast(seen + 2 * (ICY_METAINT + 1) + 128));
    const changed = after.blocks.filter((b) => b !== "");
    expect(changed).toHaveLength(2);
    expect(changed[1]).toMatch(/^StreamTitle='Rock 'n' Roll - Don't Stop';\0*$/);
    // Metadata never leaks into the audio: what is left is the upstream's audio, in order.
    const sent = upstream.audio();
    const from = sent.indexOf(after.audio.subarray(0, 2000));
    expect(from).toBeGreaterThanOrEqual(0);
    expect(after.audio.equals(sent.subarray(from, from + after.audio.length))).toBe(true);
  });

  it("answers HEAD with the station's headers and no audio, and counts listeners at /status.json", async () => {
    const upstream = await startUpstream(3200);
    cleanups.push(() => upstream.close());
    const { base } = await relayFor(upstream);
    const head = await fetch(`${base}/radio.mp3`, {
      method: "HEAD",
      headers: { "icy-metadata": "1" },
    });
    expect(head.status).toBe(200);
    expect(Object.fromEntries(head.headers)).toMatchObject({
      "content-type": "audio/mpeg",
      "cache-control": "no-cache, no-store",
      "access-control-allow-origin": "*",
      "x-content-type-options": "nosniff",
      "icy-name": "Airwave Radio",
      "icy-genre": "Dance, Hardcore, Drum and Bass",
      "icy-url": "http://radio.example.test",
      "icy-description": "Test station",
      "icy-br": "128",
      "icy-metaint": "16000",
    });
    expect(await head.text()).toBe("");

    const a = await listen(`${base}/radio.mp3`);
    const b = await listen(`${base}/radio.mp3?cache=1`);
    const status = await (await fetch(`${base}/status.json`)).json();
    expect(status).toEqual({
      listeners: 2,
      peak: 2,
      title: "First Artist - First Title",
      onAir: true,
    });
    a.close();
    b.close();
    expect((await fetch(`${base}/other.mp3`)).status).toBe(404);
  });

  it("answers 503 above RADIO_MAX_LISTENERS", async () => {
    const upstream = await startUpstream(3200);
    cleanups.push(() => upstream.close());
    const { base } = await relayFor(upstream, { maxListeners: 2 });
    await listen(`${base}/radio.mp3`);
    await listen(`${base}/radio.mp3`);
    const third = await fetch(`${base}/radio.mp3`);
    expect(third.status).toBe(503);
  });

  it("drops a listener that stops reading, and keeps serving the others", async () => {
    // 3.2 MB/s: a client that reads nothing fills the kernel's buffers within a few seconds. Written
    // every 50 ms (160 KB, below the queue, so a listener that reads is kept): at the default
    // RADIO_FLUSH_MS a rate this high would put more than the queue into every write.
    const upstream = await startUpstream(64_000);
    cleanups.push(() => upstream.close());
    const { base, relay } = await relayFor(upstream, { queueBytes: 256 * 1024, flushMs: 50 });
    const { port } = new URL(base);
    const stalled = net.connect(Number(port), "127.0.0.1");
    cleanups.push(() => stalled.destroy());
    await new Promise((r) => stalled.once("connect", r));
    stalled.write("GET /radio.mp3 HTTP/1.1\r\nHost: x\r\n\r\n");
    stalled.pause();
    const reading = await listen(`${base}/radio.mp3`);
    await until(() => relay.stats().listeners === 2);

    await until(() => relay.stats().listeners === 1, 15_000);
    const got = reading.bytes().length;
    await reading.atLeast(got + 500_000);
    expect(relay.stats().listeners).toBe(1);
  });

  it("runs as a process of its own and ends within a second of SIGTERM", async () => {
    const upstream = await startUpstream(3200);
    cleanups.push(() => upstream.close());
    const child = spawn(process.execPath, [RELAY_SCRIPT], {
      env: {
        PATH: process.env.PATH,
        RELAY_UPSTREAM_URL: upstream.url,
        RADIO_LISTEN_HOST: "127.0.0.1",
        RADIO_LISTEN_PORT: "0",
        STATION_MOUNT: "/radio.mp3",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    cleanups.push(() => child.kill("SIGKILL"));
    const port = await new Promise<number>((resolve) => {
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
        const m = /listeners on 127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
    });
    await until(() => upstream.audio().length > 70_000);
    const listener = await listen(`http://127.0.0.1:${port}/radio.mp3`);
    await listener.atLeast(1000);
    const exited = new Promise((r) => child.once("exit", r));
    const at = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - at).toBeLessThan(1000);
  });
});
