import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  RATE_LIMIT_NAMES,
  RATE_LIMITS,
  type RateLimitName,
  type RateLimitRule,
} from "@airwave/contracts";
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const PROXY_ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

/**
 * Which proxies' `X-Forwarded-For` to believe (Fastify's `trustProxy`): off; `true` (every hop: only
 * when the proxy overwrites the header, else a client can claim any address); a number of proxy
 * hops in front of the app (`1`: the address your one proxy saw); or the proxies' addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (["", "0", "false", "no", "off"].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) return true;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v.split(",").map((a) => a.trim());
    if (list.every((a) => PROXY_ADDRESS.test(a))) return list;
    ctx.addIssue({
      code: "custom",
      message: "must be false, true, a number of proxy hops, or the proxies' addresses",
    });
    return z.NEVER;
  });

type RateLimitOverrides = Partial<
  Record<RateLimitName, Pick<RateLimitRule, "max" | "windowSeconds">>
>;

/**
 * Abuse limits other than the contract's (docs/security.md "Security"): comma-separated `name=max/seconds`,
 * e.g. `privateMessages=500/60,searches=120/60`. A limit not named keeps the contract's numbers.
 */
const rateLimitOverrides = z
  .string()
  .trim()
  .transform((v, ctx): RateLimitOverrides => {
    const overrides: RateLimitOverrides = {};
    for (const part of v.split(",").map((p) => p.trim())) {
      if (!part) continue;
      const m = /^([A-Za-z]+)=(\d{1,9})\/(\d{1,9})$/.exec(part);
      const name = RATE_LIMIT_NAMES.find((n) => n === m?.[1]);
      if (!m || !name || Number(m[2]) < 1 || Number(m[3]) < 1) {
        ctx.addIssue({
          code: "custom",
          message: `"${part}" must be name=max/seconds (max and seconds at least 1), name one of ${RATE_LIMIT_NAMES.join(", ")}`,
        });
        return z.NEVER;
      }
      overrides[name] = { max: Number(m[2]), windowSeconds: Number(m[3]) };
    }
    return overrides;
  });

/**
 * Web origins besides PUBLIC_URL's whose pages may open the real-time connection (docs/security.md
 * "Security"): comma-separated, e.g. `https://radio.example,https://www.radio.example`. Each must
 * be an http(s) origin: scheme, host and port, no path.
 */
const allowedOrigins = z
  .string()
  .trim()
  .transform((v, ctx): string[] => {
    const list: string[] = [];
    for (const part of v.split(",").map((p) => p.trim())) {
      if (!part) continue;
      let origin: string | null = null;
      try {
        const url = new URL(part);
        if (/^https?:$/.test(url.protocol) && url.origin === part.replace(/\/$/, ""))
          origin = url.origin;
      } catch {}
      if (!origin) {
        ctx.addIssue({
          code: "custom",
          message: `"${part}" must be an origin such as https://radio.example (scheme, host and port only)`,
        });
        return z.NEVER;
      }
      list.push(origin);
    }
    return list;
  });

/** Every environment variable the app reads, with its embedded default. docs/operating.md's table mirrors this. */
const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Several app instances: the chat room's presence, its rate limit and locks, and the live events
   * (Socket.IO's Redis adapter) go through this Redis. Unset: one instance, all in its memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/]/, "must be a redis:// or rediss:// URL")
    .optional(),
  /**
   * Starts every key and channel the app uses in Redis: stations sharing one Redis each set their
   * own (every instance of one station the same).
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, "must be 1 to 64 letters, digits, or : . _ -")
    .default("airwave:"),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: allowedOrigins.default([]),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,20}$/, "3-20 letters, digits or underscores")
    .default("admin"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  ADMIN_EMAIL: z.email().default("admin@airwave.local"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Airwave <no-reply@airwave.local>"),
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How log lines look: `pretty` (pino-pretty: time, level, message, coloured) or `json` (one JSON
   * object a line, for a log collector); `auto` picks `pretty` when standard output is a terminal.
   */
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
  WEB_DIST_DIR: z.string().optional(),
  /** The station's time zone: the schedule week and the monthly points follow it (decisions). */
  STATION_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-GB", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Europe/London")
    .default("Europe/London"),
  /** GIF search (GIPHY). Without a key the GIF tab says search is not configured. */
  GIPHY_API_KEY: z.string().min(1).optional(),
  GIPHY_API_URL: z.url().default("https://api.giphy.com"),
  /** Streaming server connection details shown to DJs on Apply DJ (host defaults to PUBLIC_URL's host). */
  STREAM_HOST: z.string().min(1).optional(),
  STREAM_IP: z.string().min(1).default("127.0.0.1"),
  STREAM_PORT: z.coerce.number().int().min(1).max(65535).default(8005),
  /**
   * The radio (docs/operating.md "Radio"). STATION=off: `npm start` does not run the bundled station and,
   * without RADIO_NOWPLAYING_URL, the player says the station is offline.
   */
  STATION: bool.default(true),
  STATION_NAME: z.string().min(1).max(100).default("Airwave Radio"),
  /** ffmpeg, run to draw an uploaded MP3's waveform (missing: tracks are accepted without one). */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  /** Auto DJ plays the MP3s in this folder (default DATA_DIR/autodj; a few tones on first start). */
  STATION_MUSIC_DIR: z.string().min(1).optional(),
  STATION_MOUNT: z
    .string()
    .regex(/^\/[A-Za-z0-9._-]+$/, "must be a mount such as /radio.mp3")
    .default("/radio.mp3"),
  /** icy-genre of the station's stream (the listener relay's ICY headers, Icecast's status). */
  STATION_GENRE: z.string().min(1).max(200).default("Dance, Hardcore, Drum and Bass"),
  /** Where the bundled Icecast listens (Liquidsoap's output, the listener relay's upstream; the app reads its status). */
  ICECAST_HOST: z.string().min(1).default("127.0.0.1"),
  ICECAST_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  /** Icecast's limits (its listeners are the relay and the app's status requests; docs/operating.md "Radio"). */
  ICECAST_MAX_CLIENTS: z.coerce.number().int().min(1).max(100_000).default(100),
  ICECAST_MAX_SOURCES: z.coerce.number().int().min(1).max(100).default(4),
  ICECAST_QUEUE_SIZE: z.coerce.number().int().min(16_384).max(67_108_864).default(524_288),
  ICECAST_BURST_SIZE: z.coerce.number().int().min(0).max(4_194_304).default(65_536),
  /**
   * The bundled station's listener relay (station/relay.mjs): where players connect (0.0.0.0 to take
   * them from other machines without nginx), its listen backlog, the burst a new listener starts
   * with, the unsent audio after which a slow listener is dropped, the most listeners at once, how
   * often it writes to them (ms) and its niceness (a lower priority than the app's).
   */
  RADIO_LISTEN_HOST: z.string().min(1).default("127.0.0.1"),
  RADIO_LISTEN_PORT: z.coerce.number().int().min(1).max(65535).default(8010),
  RADIO_LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  RADIO_BURST_KB: z.coerce.number().int().min(0).max(1024).default(64),
  RADIO_LISTENER_QUEUE_KB: z.coerce.number().int().min(16).max(65536).default(512),
  RADIO_MAX_LISTENERS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  RADIO_FLUSH_MS: z.coerce.number().int().min(20).max(2000).default(500),
  RADIO_RELAY_NICE: z.coerce.number().int().min(0).max(19).default(5),
  /** Where the bundled station's live input (harbor) listens for DJs; Shoutcast clients use port + 1. */
  STATION_HARBOR_HOST: z.string().min(1).default("127.0.0.1"),
  STATION_HARBOR_PORT: z.coerce.number().int().min(1).max(65534).default(8005),
  /** On: a DJ may go live only in a slot booked for them (10 minutes either side). */
  STATION_ENFORCE_SCHEDULE: bool.default(false),
  /** The key Liquidsoap sends in X-Liquidsoap-Api-Key (default: DATA_DIR/station-api.key, made on first start). */
  STATION_API_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** An existing station instead of the bundled one: AzuraCast's now-playing URL or Icecast's status-json.xsl. */
  RADIO_NOWPLAYING_URL: z.url().optional(),
  /**
   * The public stream URL players use (behind nginx e.g. https://airwave.example.com/radio.mp3);
   * default: the bundled station's listener relay, or an existing station's own listen_url.
   */
  RADIO_STREAM_URL: z.url().optional(),
  /** How often the app asks the station for now-playing. */
  RADIO_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /**
   * Cams (docs/operating.md "Cams"): `npm start` runs Janus when it is installed (CAMS=off skips it; JANUS_URL
   * names an existing Janus instead, and then nothing is started).
   */
  CAMS: bool.default(true),
  JANUS_URL: z
    .string()
    .regex(/^wss?:\/\//, "must be a ws:// or wss:// URL")
    .optional(),
  /** The API secret of the Janus JANUS_URL names (the bundled one's is made into DATA_DIR/janus). */
  JANUS_API_SECRET: z.string().min(1).optional(),
  /**
   * The secret of the cams' VideoRoom room on the Janus JANUS_URL names (listing and closing cams),
   * and its VideoRoom admin key (the app creates the room with it when that Janus lacks it).
   */
  JANUS_ROOM_SECRET: z.string().min(1).optional(),
  JANUS_ROOM_ADMIN_KEY: z.string().min(1).optional(),
  /** The bundled Janus's WebSocket API port (on 127.0.0.1 only). */
  JANUS_WS_PORT: z.coerce.number().int().min(1).max(65535).default(8188),
  /** The UDP ports Janus sends and receives media on: browsers must reach them. */
  CAMS_RTP_PORTS: z
    .string()
    .regex(/^\d{4,5}-\d{4,5}$/, "must be a range such as 20000-20999")
    .refine((r) => {
      const [min = 0, max = 0] = r.split("-").map(Number);
      return min >= 1024 && max <= 65535 && max > min;
    }, "must be a range of ports between 1024 and 65535 such as 20000-20999")
    .default("20000-20999"),
  /** The public address Janus announces behind a 1:1 NAT (nat_1_1_mapping). */
  CAMS_PUBLIC_IP: z.string().min(1).optional(),
  /** host:port of a STUN server Janus (and browsers) use, and of a TURN server for strict networks. */
  CAMS_STUN_SERVER: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, "must be host:port")
    .optional(),
  CAMS_TURN_SERVER: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, "must be host:port")
    .optional(),
  /** Janus's own TURN account (janus.mjs); never sent to browsers. */
  CAMS_TURN_USERNAME: z.string().min(1).optional(),
  CAMS_TURN_PASSWORD: z.string().min(1).optional(),
  /**
   * The TURN server's shared secret (coturn `use-auth-secret` / `static-auth-secret`): members on cam
   * get time-limited credentials made from it; without it browsers get no TURN server.
   */
  CAMS_TURN_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * TEST-ONLY: on, the server drops every ICE candidate that is not UDP on 127.0.0.1 from each SDP
   * it relays (browser tests in a network namespace). Off by default.
   */
  CAMS_LOOPBACK_ONLY: bool.default(false),
  /**
   * TEST-ONLY: on registers the browser tests' seams (`src/test-seams.ts`: a battleships game's
   * hidden fleets, the app's clock). Never on in production; off by default; the compiled server
   * (scripts/build-server.mjs) is built without them.
   */
  TEST_SEAMS: bool.default(false),
  /** Abuse limits other than the contract's, per limit (`name=max/seconds,...`). */
  RATE_LIMITS: rateLimitOverrides.default({}),
  /** Roulette's timings (chat spec 9: betting 30 s, result after 9 s, reset 17 s later); tests shorten them. */
  ROULETTE_BETTING_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  ROULETTE_SPIN_MS: z.coerce.number().int().min(1_000).max(60_000).default(9_000),
  ROULETTE_RESET_MS: z.coerce.number().int().min(1_000).max(600_000).default(17_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config
  extends Omit<Env, "SECRET_KEY" | "PUBLIC_URL" | "STREAM_HOST" | "STATION_API_KEY"> {
  SECRET_KEY: string;
  STATION_API_KEY: string;
  STATION_MUSIC_DIR: string;
  PUBLIC_URL: string;
  STREAM_HOST: string;
  cookieSecure: boolean;
  /** The origins whose pages may open the real-time connection: PUBLIC_URL's and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** The abuse limits in force: the contract's, with RATE_LIMITS' overrides. */
  rateLimits: Record<RateLimitName, RateLimitRule>;
  /**
   * The stream players are given: RADIO_STREAM_URL, else the bundled station's listener relay
   * (RADIO_LISTEN_HOST:RADIO_LISTEN_PORT, PUBLIC_URL's host name when it listens on every address),
   * else null (an existing station's own listen_url, or no station).
   */
  radioStreamUrl: string | null;
}

export class ConfigError extends Error {}

/** Parse and validate the environment. Empty strings count as unset. Throws ConfigError naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((k) => [k, source[k]] as const)
      .filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Reads the secret key from SECRET_KEY or DATA_DIR/secret.key, creating the file on first start. */
function loadSecretKey(env: Env): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  return randomKeyFile(path.join(path.resolve(env.DATA_DIR), "secret.key"));
}

/** The file the station's shared key lives in when STATION_API_KEY is not set (read by station/ too). */
export const stationApiKeyFile = (dataDir: string) => path.join(dataDir, "station-api.key");

/** Reads the key Liquidsoap and the app share, creating it on first start. */
function loadStationApiKey(env: Env): string {
  if (env.STATION_API_KEY) return env.STATION_API_KEY;
  return randomKeyFile(stationApiKeyFile(path.resolve(env.DATA_DIR)));
}

/**
 * A random key kept in `file`, made on first use. Several processes may start at once on an empty
 * DATA_DIR (two app instances, the app and the station launcher): the file appears whole or not at
 * all (written aside, then linked), and every one of them reads the one that won.
 */
function randomKeyFile(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(aside, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      unlinkSync(aside);
    }
  }
  return readFileSync(file, "utf8").trim();
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);
const EVERY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"]);

/** See Config.radioStreamUrl. */
function radioStreamUrl(env: Env, publicUrl: string): string | null {
  if (env.RADIO_STREAM_URL) return env.RADIO_STREAM_URL;
  if (!env.STATION || env.RADIO_NOWPLAYING_URL) return null;
  const host = EVERY_ADDRESS.has(env.RADIO_LISTEN_HOST)
    ? new URL(publicUrl).hostname
    : env.RADIO_LISTEN_HOST.includes(":") && !env.RADIO_LISTEN_HOST.startsWith("[")
      ? `[${env.RADIO_LISTEN_HOST}]`
      : env.RADIO_LISTEN_HOST;
  return `http://${host}:${env.RADIO_LISTEN_PORT}${env.STATION_MOUNT}`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    SECRET_KEY: loadSecretKey(env),
    STATION_API_KEY: loadStationApiKey(env),
    STATION_MUSIC_DIR: path.resolve(env.STATION_MUSIC_DIR ?? path.join(env.DATA_DIR, "autodj")),
    PUBLIC_URL: publicUrl.replace(/\/+$/, ""),
    STREAM_HOST: env.STREAM_HOST ?? new URL(publicUrl).hostname,
    cookieSecure: publicUrl.startsWith("https://"),
    allowedOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        // Without PUBLIC_URL on a loopback address (npm start): this machine by either name.
        ...(env.PUBLIC_URL || !LOOPBACK_HOSTS.has(env.HOST)
          ? []
          : [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`]),
        ...env.ALLOWED_ORIGINS,
      ]),
    ],
    rateLimits: Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => [name, { ...RATE_LIMITS[name], ...env.RATE_LIMITS[name] }]),
    ) as Record<RateLimitName, RateLimitRule>,
    radioStreamUrl: radioStreamUrl(env, publicUrl),
  };
}
