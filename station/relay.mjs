// The listener relay: one connection to the station's Icecast mount, fanned out to every listener.
// A process of its own (station.mjs starts and supervises it beside Icecast and Liquidsoap), plain
// Node without dependencies. Made for an audience: a large listen backlog so a burst of thousands of
// connections is accepted at once (Icecast 2.4 hard-codes a backlog of 5), a burst of recent audio so
// players start at once, the same Buffers written to every listener (coalesced into a few writes a
// second), slow listeners dropped instead of buffered without bound, and ICY metadata (the title
// Liquidsoap sends) for the players that ask for it. docs/operating.md: Radio.
import http from "node:http";
import { fileURLToPath } from "node:url";

/** Bytes of audio between two ICY metadata blocks (what Icecast and SHOUTcast use). */
export const ICY_METAINT = 16_000;
/** How often, by default, the audio come from upstream is written to the listeners (one write each). */
const FLUSH_MS = 500;
/** Upstream silent this long: the connection is dropped and made again. */
const STALL_MS = 10_000;
/** The station counts as off air when nothing came from upstream for this long. */
const OFF_AIR_MS = 15_000;

const EMPTY_BLOCK = Buffer.from([0]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\0-\x1f\x7f]/g;

/** A header value as bytes on the wire: UTF-8, without control characters. */
const headerValue = (s) =>
  Buffer.from(
    String(s ?? "")
      .replace(CONTROL, " ")
      .trim(),
    "utf8",
  ).toString("latin1");

/**
 * The ICY metadata block carrying `title`: a length byte (in 16-byte units), then
 * `StreamTitle='...';` padded with NULs. Players read the title up to the first `';`, so that pair
 * never occurs inside it; the title is cut (on a character) to fit the 4,080 bytes a block can hold.
 */
export function metadataBlock(title) {
  let text = String(title ?? "")
    .replace(CONTROL, " ")
    .replaceAll("';", "' ;");
  const max = 255 * 16 - "StreamTitle='';".length;
  while (Buffer.byteLength(text, "utf8") > max) text = text.slice(0, -1);
  const body = Buffer.from(`StreamTitle='${text}';`, "utf8");
  const units = Math.ceil(body.length / 16);
  const block = Buffer.alloc(1 + units * 16);
  block[0] = units;
  body.copy(block, 1);
  return block;
}

/** The StreamTitle of an ICY metadata block's text (null when it has none). */
export function streamTitleOf(text) {
  const clean = text.replace(/\0+$/, "");
  const m = /StreamTitle='(.*?)';(?=StreamUrl=|[A-Za-z]+='|$)/s.exec(clean);
  return m ? (m[1] ?? "") : null;
}

/**
 * Splits an Icecast answer asked with `Icy-MetaData: 1` into audio and titles, across chunk edges.
 * `metaint` 0: everything is audio.
 */
export function icyReader(metaint, onAudio, onTitle) {
  let untilMeta = metaint;
  let metaLeft = -1; // -1: reading audio; 0..: bytes of the metadata block still to come
  let meta = [];
  return (chunk) => {
    if (!metaint) return onAudio(chunk);
    let at = 0;
    while (at < chunk.length) {
      if (metaLeft < 0 && untilMeta > 0) {
        const n = Math.min(untilMeta, chunk.length - at);
        onAudio(n === chunk.length ? chunk : chunk.subarray(at, at + n));
        at += n;
        untilMeta -= n;
      } else if (metaLeft < 0) {
        metaLeft = (chunk[at] ?? 0) * 16;
        at += 1;
        meta = [];
        if (metaLeft === 0) {
          metaLeft = -1;
          untilMeta = metaint;
        }
      } else {
        const n = Math.min(metaLeft, chunk.length - at);
        meta.push(chunk.subarray(at, at + n));
        at += n;
        metaLeft -= n;
        if (metaLeft === 0) {
          const title = streamTitleOf(Buffer.concat(meta).toString("utf8"));
          if (title !== null) onTitle(title);
          metaLeft = -1;
          untilMeta = metaint;
        }
      }
    }
  };
}

const MPEG_BITRATES = {
  // [version 1, version 2/2.5] x layer III / II / I, kbps
  1: {
    3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  },
  2: {
    3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  },
};
const MPEG_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length of the MPEG audio frame whose header starts at `b[i]`, or 0 when it is none. */
export function mpegFrameLength(b, i) {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) return 0;
  const version = (b[i + 1] >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5
  const layerBits = (b[i + 1] >> 1) & 3; // 1: III, 2: II, 3: I
  const rateIndex = (b[i + 2] >> 4) & 15;
  const srIndex = (b[i + 2] >> 2) & 3;
  if (version === 1 || layerBits === 0 || rateIndex === 0 || rateIndex === 15 || srIndex === 3) {
    return 0;
  }
  const layer = 4 - layerBits;
  const kbps = MPEG_BITRATES[version === 3 ? 1 : 2][layer][rateIndex];
  const rate = MPEG_RATES[version][srIndex];
  const pad = (b[i + 2] >> 1) & 1;
  if (layer === 1) return (Math.floor((12_000 * kbps) / rate) + pad) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72_000 : 144_000;
  return Math.floor((perFrame * kbps) / rate) + pad;
}

/** Where the first whole MPEG frame starts in `b` (its successor where there is room for one checks it), or -1. */
export function frameSync(b) {
  for (let i = 0; i + 4 <= b.length; i++) {
    const len = mpegFrameLength(b, i);
    if (len === 0) continue;
    if (i + len + 4 > b.length || mpegFrameLength(b, i + len) > 0) return i;
  }
  return -1;
}

/**
 * The relay. Options: `upstream` (the Icecast mount's URL), `host`, `port`, `mount` (the path
 * listeners ask for), `backlog`, `burstBytes`, `queueBytes` (a listener with more unsent is
 * dropped), `maxListeners`, `flushMs` (how often the audio is written to the listeners),
 * `station` ({ name, genre, url, description, bitrate }) for the ICY headers, `log`. `listen()` resolves with the port; `close()` ends every connection.
 */
export function createRelay(options) {
  const log = options.log ?? (() => {});
  const station = options.station ?? {};
  const burstBytes = options.burstBytes ?? 64 * 1024;
  const queueBytes = options.queueBytes ?? 512 * 1024;
  const maxListeners = options.maxListeners ?? 10_000;
  const flushMs = options.flushMs ?? FLUSH_MS;
  const listeners = new Set();
  let peak = 0;
  let title = "";
  let titleBlock = metadataBlock("");
  let lastData = 0;
  let closed = false;

  // The most recent audio, oldest first, `recentBytes` in all (a little over `burstBytes`).
  const recent = [];
  let recentBytes = 0;
  // Audio come from upstream since the last flush.
  let pending = [];
  let flushTimer = null;

  const drop = (listener) => {
    if (!listeners.delete(listener)) return;
    listener.socket.destroy();
  };

  /** Writes `buf` to a listener, with a metadata block every ICY_METAINT bytes when asked for. */
  const send = (listener, buf) => {
    const { socket } = listener;
    if (!listener.meta) {
      socket.write(buf);
      return;
    }
    let at = 0;
    while (at < buf.length) {
      const n = Math.min(listener.untilMeta, buf.length - at);
      socket.write(n === buf.length ? buf : buf.subarray(at, at + n));
      at += n;
      listener.untilMeta -= n;
      if (listener.untilMeta === 0) {
        if (listener.title === title) socket.write(EMPTY_BLOCK);
        else {
          socket.write(titleBlock);
          listener.title = title;
        }
        listener.untilMeta = ICY_METAINT;
      }
    }
  };

  /** Writes `parts` to a listener as one system call; drops it when too much is left unsent. */
  const deliver = (listener, parts) => {
    const { socket } = listener;
    if (socket.destroyed) return drop(listener);
    socket.cork();
    for (const part of parts) send(listener, part);
    socket.uncork();
    if (socket.writableLength > queueBytes) {
      log(`dropped a listener that does not keep up (${socket.writableLength} bytes unsent)`);
      drop(listener);
    }
  };

  const flush = () => {
    flushTimer = null;
    if (pending.length === 0) return;
    const parts = pending;
    pending = [];
    for (const listener of listeners) deliver(listener, parts);
    for (const part of parts) {
      recent.push(part);
      recentBytes += part.length;
    }
    while (recent.length > 1 && recentBytes - (recent[0]?.length ?? 0) >= burstBytes) {
      recentBytes -= recent.shift()?.length ?? 0;
    }
    burstParts = null;
  };

  const onAudio = (chunk) => {
    lastData = Date.now();
    pending.push(chunk);
    flushTimer ??= setTimeout(flush, flushMs);
  };

  const onTitle = (next) => {
    if (next === title) return;
    title = next;
    titleBlock = metadataBlock(next);
    log(`title: ${next}`);
  };

  /**
   * The burst a new listener starts with: the recent audio from an MPEG frame's start. Found once
   * per flush (`burstParts`), not per listener: a burst of listeners all get the same Buffers.
   */
  let burstParts = null;
  const burst = () => {
    burstParts ??= findBurst();
    return burstParts;
  };
  const findBurst = () => {
    const parts = [];
    let bytes = 0;
    for (let i = recent.length - 1; i >= 0 && bytes < burstBytes; i--) {
      const part = recent[i];
      if (!part) continue;
      parts.unshift(part);
      bytes += part.length;
    }
    // Find the first frame in the oldest parts (a frame header may straddle two of them).
    for (let i = 0; i < parts.length; i++) {
      const head = Buffer.concat(parts.slice(i, i + 2));
      const at = frameSync(head);
      if (at >= 0 && at < (parts[i]?.length ?? 0)) {
        return [(parts[i] ?? Buffer.alloc(0)).subarray(at), ...parts.slice(i + 1)];
      }
    }
    return [];
  };

  // --- Upstream: one connection to the mount, made again after a drop (0.5 s, doubling to 5 s).
  let upstreamReq = null;
  let retryTimer = null;
  let retryMs = 500;
  const connect = () => {
    retryTimer = null;
    if (closed) return;
    const req = http.get(
      options.upstream,
      { headers: { "icy-metadata": "1", "user-agent": "Airwave listener relay" } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          req.destroy();
          return;
        }
        log("upstream connected");
        retryMs = 500;
        const metaint = Number(res.headers["icy-metaint"]) || 0;
        res.on("data", icyReader(metaint, onAudio, onTitle));
        req.setTimeout(STALL_MS, () => req.destroy(new Error("upstream stalled")));
      },
    );
    req.setTimeout(STALL_MS, () => req.destroy(new Error("upstream does not answer")));
    req.on("error", () => {});
    req.on("close", () => {
      if (upstreamReq !== req) return;
      upstreamReq = null;
      if (closed) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
    upstreamReq = req;
  };

  const onAir = () => lastData > 0 && Date.now() - lastData < OFF_AIR_MS;

  const icyHeaders = () => ({
    "content-type": "audio/mpeg",
    "cache-control": "no-cache, no-store",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
    "icy-name": headerValue(station.name),
    "icy-genre": headerValue(station.genre),
    "icy-url": headerValue(station.url),
    "icy-description": headerValue(station.description),
    "icy-br": String(station.bitrate ?? 128),
    "icy-pub": "1",
  });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/status.json" && (req.method === "GET" || req.method === "HEAD")) {
      const body = JSON.stringify({ listeners: listeners.size, peak, title, onAir: onAir() });
      res.writeHead(200, {
        "content-type": "application/json",
        "cache-control": "no-cache",
        "access-control-allow-origin": "*",
      });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (path !== options.mount) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end();
      return;
    }
    if (!onAir() || listeners.size >= maxListeners) {
      res
        .writeHead(503, { "content-type": "text/plain", "retry-after": "5" })
        .end(onAir() ? "The station is full\n" : "The station is off air\n");
      return;
    }
    const meta = req.headers["icy-metadata"] === "1";
    const headers = icyHeaders();
    if (meta) headers["icy-metaint"] = String(ICY_METAINT);
    if (req.method === "HEAD") {
      res.writeHead(200, headers).end();
      return;
    }
    // An endless answer: no chunked framing (old players don't expect it), closed at its end.
    res.useChunkedEncodingByDefault = false;
    res.shouldKeepAlive = false;
    res.writeHead(200, headers);
    res.flushHeaders();
    const socket = req.socket;
    socket.setNoDelay(true);
    const listener = { socket, meta, untilMeta: ICY_METAINT, title: null };
    listeners.add(listener);
    peak = Math.max(peak, listeners.size);
    socket.once("close", () => listeners.delete(listener));
    deliver(listener, burst());
  });
  // A listener that is gone without a word is dropped by back-pressure; no timeout on open answers.
  server.requestTimeout = 0;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;

  return {
    server,
    /** Starts listening and connects upstream; resolves with the port. */
    listen() {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(
          { host: options.host ?? "127.0.0.1", port: options.port ?? 0, backlog: options.backlog },
          () => {
            server.off("error", reject);
            connect();
            resolve(server.address().port);
          },
        );
      });
    },
    stats: () => ({ listeners: listeners.size, peak, title, onAir: onAir() }),
    /** Ends every listener and the upstream connection, and stops listening. */
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (flushTimer) clearTimeout(flushTimer);
      upstreamReq?.destroy();
      for (const listener of listeners) drop(listener);
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The relay's settings from its environment (station.mjs sets them; docs/operating.md: Configuration). */
export function relayOptionsFromEnv(env = process.env) {
  const int = (name, fallback) => {
    const n = Number(env[name] || fallback);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
    return n;
  };
  return {
    upstream: env.RELAY_UPSTREAM_URL ?? "http://127.0.0.1:8000/radio.mp3",
    host: env.RADIO_LISTEN_HOST || "127.0.0.1",
    port: int("RADIO_LISTEN_PORT", 8010),
    mount: env.STATION_MOUNT || "/radio.mp3",
    backlog: int("RADIO_LISTEN_BACKLOG", 4096),
    burstBytes: int("RADIO_BURST_KB", 64) * 1024,
    queueBytes: int("RADIO_LISTENER_QUEUE_KB", 512) * 1024,
    maxListeners: int("RADIO_MAX_LISTENERS", 10_000),
    flushMs: int("RADIO_FLUSH_MS", FLUSH_MS),
    station: {
      name: env.STATION_NAME ?? "",
      genre: env.STATION_GENRE ?? "",
      url: env.STATION_URL ?? "",
      description: env.STATION_DESCRIPTION ?? "",
      bitrate: int("STATION_BITRATE", 128),
    },
  };
}

// Run as a process (`node station/relay.mjs`, settings in the environment): ends on SIGTERM/SIGINT.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = relayOptionsFromEnv();
  const relay = createRelay({ ...options, log: (line) => console.log(line) });
  const port = await relay.listen().catch((err) => {
    console.error(`cannot listen on ${options.host}:${options.port}: ${err.message}`);
    process.exit(1);
  });
  console.log(`listeners on ${options.host}:${port}${options.mount}, backlog ${options.backlog}`);
  const stop = () => {
    setTimeout(() => process.exit(0), 500).unref();
    relay.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
