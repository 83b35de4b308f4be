// The bundled station: runs Icecast 2.4 and Liquidsoap 2.1 (Debian's packages) with this folder's
// config and script, and the listener relay (relay.mjs) that serves the audience, on the addresses and ports it is given. Used by `npm start` (supervised),
// `npm run station`, the station's integration test and the browser tests.
//
// Secrets (Icecast's source, relay and admin passwords; the key Liquidsoap shows the app) are made
// on first start in DATA_DIR and never leave it: Icecast reads its generated config (readable by
// its user only), Liquidsoap gets its settings in its environment.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dyingWithParent } from "./die-with-parent.mjs";
import { removePidFile, stopLeftovers, writePidFile } from "./pid-files.mjs";
import {
  collect,
  exitOf,
  installed,
  mustBeFree,
  readOrCreateSecret,
  stopProcess,
  supervise,
  waitFor,
} from "./processes.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const LIQUIDSOAP_SCRIPT = path.join(here, "radio.liq");
export const ICECAST_TEMPLATE = path.join(here, "icecast.xml.template");
export const RELAY_SCRIPT = path.join(here, "relay.mjs");
/** The bitrate Liquidsoap encodes at (radio.liq), announced by the relay in icy-br. */
const BITRATE_KBPS = 128;
/** The title of a live set whose DJ's encoder sends none (contracts' RADIO_TEXTS.liveTitle). */
const LIVE_TITLE = "Live Broadcast";

/** The Debian users the two servers run as when we are root (Icecast refuses to run as root). */
const ICECAST_USER = { user: "icecast2", group: "icecast" };
const LIQUIDSOAP_USER = { user: "liquidsoap", group: "liquidsoap" };

const isRoot = () => process.getuid?.() === 0;

/** Both servers of the station are installed (`apt-get install icecast2 liquidsoap`). */
export const stationPackagesInstalled = () => installed("icecast2") && installed("liquidsoap");
export const ffmpegInstalled = () => installed("ffmpeg");

/** The file of the key Liquidsoap and the app share (the app's config reads the same file). */
export const stationApiKeyFile = (dataDir) => path.join(dataDir, "station-api.key");

const secret = () => randomBytes(24).toString("base64url");

/** The shared key: STATION_API_KEY, or DATA_DIR/station-api.key made on first start. */
export function stationApiKey(dataDir, fromEnv) {
  if (fromEnv) return fromEnv;
  return readOrCreateSecret(
    stationApiKeyFile(dataDir),
    () => `${randomBytes(32).toString("hex")}\n`,
  ).trim();
}

/** Icecast's passwords, made on first start into DATA_DIR/station/secrets.json. */
function icecastSecrets(runtimeDir) {
  const file = path.join(runtimeDir, "secrets.json");
  const text = readOrCreateSecret(file, () =>
    JSON.stringify({ source: secret(), relay: secret(), admin: secret() }),
  );
  return JSON.parse(text);
}

const truthy = (v) => ["1", "true", "yes", "on"].includes(String(v).toLowerCase());
const falsy = (v) => ["0", "false", "no", "off"].includes(String(v).toLowerCase());

/**
 * The station's settings from the same environment variables the app reads (server config.ts
 * validates them for the app; the README's table lists them). Throws naming a wrong variable.
 */
export function stationConfigFromEnv(env = process.env, cwd = process.cwd()) {
  const value = (name) => (env[name] === undefined || env[name] === "" ? undefined : env[name]);
  const port = (name, fallback) => {
    const raw = value(name) ?? String(fallback);
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      throw new Error(`Invalid configuration: ${name} must be a port number (got ${raw})`);
    }
    return n;
  };
  const count = (name, fallback, min, max) => {
    const raw = value(name) ?? String(fallback);
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(
        `Invalid configuration: ${name} must be a whole number from ${min} to ${max} (got ${raw})`,
      );
    }
    return n;
  };
  const flag = (name, fallback) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (truthy(raw)) return true;
    if (falsy(raw)) return false;
    throw new Error(`Invalid configuration: ${name} must be on or off (got ${raw})`);
  };
  const mount = value("STATION_MOUNT") ?? "/radio.mp3";
  if (!/^\/[A-Za-z0-9._-]+$/.test(mount)) {
    throw new Error(`Invalid configuration: STATION_MOUNT must be a mount such as /radio.mp3`);
  }
  const dataDir = path.resolve(cwd, value("DATA_DIR") ?? "./data");
  const appHost = value("HOST") ?? "127.0.0.1";
  const appPort = port("PORT", 8080);
  // Liquidsoap asks the app on this machine, whatever address the app listens on.
  const reachable = ["0.0.0.0", "::", "[::]"].includes(appHost) ? "127.0.0.1" : appHost;
  return {
    enabled: flag("STATION", true),
    external: Boolean(value("RADIO_NOWPLAYING_URL")),
    dataDir,
    musicDir: path.resolve(cwd, value("STATION_MUSIC_DIR") ?? path.join(dataDir, "autodj")),
    name: value("STATION_NAME") ?? "Airwave Radio",
    genre: value("STATION_GENRE") ?? "Dance, Hardcore, Drum and Bass",
    url: value("PUBLIC_URL") ?? `http://${appHost}:${appPort}`,
    mount,
    icecastHost: value("ICECAST_HOST") ?? "127.0.0.1",
    icecastPort: port("ICECAST_PORT", 8000),
    harborHost: value("STATION_HARBOR_HOST") ?? "127.0.0.1",
    harborPort: port("STATION_HARBOR_PORT", 8005),
    // The listener relay (README: Radio): where players connect, and how it treats them.
    listenHost: value("RADIO_LISTEN_HOST") ?? "127.0.0.1",
    listenPort: port("RADIO_LISTEN_PORT", 8010),
    listenBacklog: count("RADIO_LISTEN_BACKLOG", 4096, 1, 65535),
    burstKb: count("RADIO_BURST_KB", 64, 0, 1024),
    listenerQueueKb: count("RADIO_LISTENER_QUEUE_KB", 512, 16, 65536),
    maxListeners: count("RADIO_MAX_LISTENERS", 10_000, 1, 1_000_000),
    flushMs: count("RADIO_FLUSH_MS", 500, 20, 2000),
    relayNice: count("RADIO_RELAY_NICE", 5, 0, 19),
    // Icecast's limits: its listeners are the relay (and the app's status requests).
    icecastMaxClients: count("ICECAST_MAX_CLIENTS", 100, 1, 100_000),
    icecastMaxSources: count("ICECAST_MAX_SOURCES", 4, 1, 100),
    icecastQueueSize: count("ICECAST_QUEUE_SIZE", 524_288, 16_384, 67_108_864),
    icecastBurstSize: count("ICECAST_BURST_SIZE", 65_536, 0, 4_194_304),
    appUrl: `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${appPort}`,
    apiKey: value("STATION_API_KEY"),
  };
}

const TONES = [262, 330, 392];

/**
 * Puts a few generated tones into the music folder when it has no MP3 yet (a fresh install then
 * plays something). Written aside and renamed, so the Auto DJ never reads half a file.
 */
export async function ensureTones(musicDir, log = () => {}) {
  mkdirSync(musicDir, { recursive: true });
  const has = readdirSync(musicDir).some((f) => /\.mp3$/i.test(f));
  if (has) return [];
  if (!ffmpegInstalled()) {
    log(`no MP3 in ${musicDir} and no ffmpeg to make tones: the Auto DJ plays silence`);
    return [];
  }
  const made = [];
  for (const hz of TONES) {
    const file = path.join(musicDir, `tone-${hz}hz.mp3`);
    const aside = path.join(musicDir, `.tone-${hz}hz.${process.pid}.mp3`);
    const args = [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
      ...["-i", `sine=frequency=${hz}:duration=30:sample_rate=44100`],
      ...["-af", "volume=0.3,afade=t=in:d=1,afade=t=out:st=29:d=1", "-ac", "2", "-b:a", "128k"],
      ...["-metadata", `title=Tone ${hz} Hz`, "-metadata", "artist=Auto DJ", "-f", "mp3", aside],
    ];
    const code = await new Promise((resolve) => {
      const p = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
      p.on("error", () => resolve(-1));
      p.on("exit", (c) => resolve(c));
    });
    if (code !== 0) {
      log(`ffmpeg could not make ${path.basename(file)}`);
      continue;
    }
    chmodSync(aside, 0o644);
    renameSync(aside, file);
    made.push(file);
  }
  log(`made ${made.length} tones in ${musicDir} for the Auto DJ`);
  return made;
}

const xml = (s) =>
  String(s)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

function idOf(name, flag) {
  const r = spawnSync("id", [flag, name], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`the system user ${name} is missing (reinstall the package)`);
  return Number(r.stdout.trim());
}

/** Adds search (x) permission for others, so the station's users can reach files below. */
function letOthersThrough(dir) {
  const mode = statSync(dir).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
}

/** Fails with a clear message when a station user cannot reach a file it needs. */
function mustReach(user, file, test) {
  const r = spawnSync("runuser", ["-u", user, "--", "test", test, file]);
  if (r.status !== 0) {
    throw new Error(
      `the system user ${user} cannot read ${file}: keep the project, DATA_DIR and STATION_MUSIC_DIR in folders other users may enter`,
    );
  }
}

/** Writes Icecast's config and log folder into DATA_DIR/station, readable by Icecast's user only. */
function prepareIcecast(options, runtimeDir, secrets) {
  const logDir = path.join(runtimeDir, "icecast-log");
  mkdirSync(logDir, { recursive: true });
  const values = {
    LOCATION: options.name,
    ADMIN_EMAIL: "admin@localhost",
    HOSTNAME: options.icecastHost,
    MAX_CLIENTS: options.icecastMaxClients ?? 100,
    MAX_SOURCES: options.icecastMaxSources ?? 4,
    QUEUE_SIZE: options.icecastQueueSize ?? 524_288,
    BURST_SIZE: options.icecastBurstSize ?? 65_536,
    SOURCE_PASSWORD: secrets.source,
    RELAY_PASSWORD: secrets.relay,
    ADMIN_PASSWORD: secrets.admin,
    PORT: options.icecastPort,
    BIND_ADDRESS: options.icecastHost,
    LOG_DIR: logDir,
  };
  const text = readFileSync(ICECAST_TEMPLATE, "utf8").replace(/\{\{([A-Z_]+)\}\}/g, (m, key) =>
    key in values ? xml(values[key]) : m,
  );
  const config = path.join(runtimeDir, "icecast.xml");
  writeFileSync(config, text, { mode: 0o600 });
  chmodSync(config, 0o600);
  if (isRoot()) {
    const uid = idOf(ICECAST_USER.user, "-u");
    const gid = idOf(ICECAST_USER.user, "-g");
    chownSync(config, uid, gid);
    chownSync(logDir, uid, gid);
    chmodSync(logDir, 0o700);
  }
  return { config, logDir };
}

/** The rotation's folder and playlist (the app writes them: server/src/features/mp3/rotation.ts). */
export const rotationPlaylistFile = (dataDir) =>
  path.join(dataDir, "station", "rotation", "playlist.m3u");

/** Makes the rotation's folder (open to Liquidsoap's user) and an empty playlist when there is none. */
function prepareRotation(runtimeDir) {
  const dir = path.join(runtimeDir, "rotation");
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  const file = path.join(dir, "playlist.m3u");
  if (!existsSync(file)) writeFileSync(file, "#EXTM3U\n", { mode: 0o644 });
  return file;
}

/**
 * Spawns `command` as `who` when we are root, in its own process group (a terminal's Ctrl-C reaches
 * the launcher, which stops the station in order), ending when this process ends, however it ends.
 */
function spawnAs(who, command, args, env) {
  const [cmd, argv] = dyingWithParent(command, args, { user: isRoot() ? who : undefined });
  return spawn(cmd, argv, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
}

/** A host as it goes into a URL (IPv6 addresses in brackets). */
const hostForUrl = (host) => (host.includes(":") ? `[${host}]` : host);

/** The listener relay's settings, with their defaults (stationConfigFromEnv reads them). */
function relaySettings(options) {
  const host = options.listenHost ?? "127.0.0.1";
  const port = options.listenPort ?? 8010;
  // Asked on this machine whatever address it listens on.
  const local = ["0.0.0.0", "::", "[::]"].includes(host) ? "127.0.0.1" : host;
  return {
    host,
    port,
    backlog: options.listenBacklog ?? 4096,
    burstKb: options.burstKb ?? 64,
    queueKb: options.listenerQueueKb ?? 512,
    maxListeners: options.maxListeners ?? 10_000,
    flushMs: options.flushMs ?? 500,
    nice: options.relayNice ?? 5,
    localUrl: `http://${hostForUrl(local)}:${port}`,
  };
}

/** The relay's /status.json ({ listeners, peak, title, onAir }), or null when it does not answer. */
async function relayStatus(relay) {
  try {
    const res = await fetch(`${relay.localUrl}/status.json`, { signal: AbortSignal.timeout(2000) });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

async function icecastStatus(options) {
  try {
    const res = await fetch(
      `http://${options.icecastHost}:${options.icecastPort}/status-json.xsl`,
      { signal: AbortSignal.timeout(2000) },
    );
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

/** Whether Icecast has our mount on air. */
function mountOnAir(status, mount) {
  const source = status?.icestats?.source;
  const list = source === undefined ? [] : Array.isArray(source) ? source : [source];
  return list.some((s) => {
    try {
      return new URL(s.listenurl).pathname === mount;
    } catch {
      return false;
    }
  });
}

/**
 * Starts Icecast, then the listener relay and Liquidsoap, and resolves once the station's mount is on
 * air and the relay plays it. `options` are stationConfigFromEnv()'s (apiKey may be left out: the
 * shared key file is used; the relay's and Icecast's limits take their defaults). `log` receives
 * every line the three print. The answer's `exited` resolves when any of them stops.
 */
export async function startStation(options, log, notice = log ?? (() => {})) {
  if (!stationPackagesInstalled()) {
    throw new Error("icecast2 and liquidsoap are not installed (see README: Radio)");
  }
  const runtimeDir = path.join(options.dataDir, "station");
  mkdirSync(runtimeDir, { recursive: true, mode: 0o755 });
  mkdirSync(options.musicDir, { recursive: true });
  const apiKey = stationApiKey(options.dataDir, options.apiKey);
  const secrets = icecastSecrets(runtimeDir);
  if (isRoot()) {
    // The station's users reach their files through these folders (they list nothing else).
    for (const dir of [options.dataDir, runtimeDir]) letOthersThrough(dir);
    const music = statSync(options.musicDir).mode & 0o7777;
    if ((music & 0o005) !== 0o005) chmodSync(options.musicDir, music | 0o005);
  }
  const rotationPlaylist = prepareRotation(runtimeDir);
  const { config, logDir } = prepareIcecast(options, runtimeDir, secrets);
  if (isRoot()) {
    mustReach(ICECAST_USER.user, config, "-r");
    mustReach(LIQUIDSOAP_USER.user, LIQUIDSOAP_SCRIPT, "-r");
    mustReach(LIQUIDSOAP_USER.user, options.musicDir, "-x");
    mustReach(ICECAST_USER.user, RELAY_SCRIPT, "-r");
  }
  const baseEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" };

  // What an earlier start left running (killed where the parent-death signal could not reach it)
  // goes first; a port another program holds is named instead of starting a server that cannot bind.
  await stopLeftovers(runtimeDir, notice);
  const relay = relaySettings(options);
  await mustBeFree(options.icecastHost, options.icecastPort, "ICECAST_PORT");
  await mustBeFree(options.harborHost, options.harborPort, "STATION_HARBOR_PORT");
  await mustBeFree(options.harborHost, options.harborPort + 1, "STATION_HARBOR_PORT + 1");
  await mustBeFree(relay.host, relay.port, "RADIO_LISTEN_PORT");

  const icecast = spawnAs(ICECAST_USER, "icecast2", ["-c", config], baseEnv);
  const icecastOutput = collect(icecast, "icecast", log);
  const icecastLog = () => {
    try {
      return `${icecastOutput()}\n${readFileSync(path.join(logDir, "error.log"), "utf8").split("\n").slice(-15).join("\n")}`;
    } catch {
      return icecastOutput();
    }
  };
  writePidFile(runtimeDir, "icecast", icecast.pid, config);
  let liquidsoap = null;
  let liquidsoapOutput = () => "";
  let listenerRelay = null;
  let relayOutput = () => "";
  const stop = async () => {
    await stopProcess(listenerRelay, 2000);
    removePidFile(runtimeDir, "relay");
    await stopProcess(liquidsoap);
    removePidFile(runtimeDir, "liquidsoap");
    await stopProcess(icecast);
    removePidFile(runtimeDir, "icecast");
  };
  try {
    await waitFor("Icecast", async () => (await icecastStatus(options)) !== null, [
      { name: "Icecast", child: icecast, output: icecastLog },
    ]);
    // The listener relay connects to the mount (and again whenever it drops) once Icecast is up.
    // At a lower priority than the app (RADIO_RELAY_NICE): every listener holds seconds of audio, a
    // member waiting for the app's answer does not. `nice` execs the relay: the pid stays the same.
    const [relayCommand, relayArgs] =
      relay.nice > 0
        ? ["nice", ["-n", String(relay.nice), process.execPath, RELAY_SCRIPT]]
        : [process.execPath, [RELAY_SCRIPT]];
    listenerRelay = spawnAs(ICECAST_USER, relayCommand, relayArgs, {
      ...baseEnv,
      RELAY_UPSTREAM_URL: `http://${hostForUrl(options.icecastHost)}:${options.icecastPort}${options.mount}`,
      RADIO_LISTEN_HOST: relay.host,
      RADIO_LISTEN_PORT: String(relay.port),
      RADIO_LISTEN_BACKLOG: String(relay.backlog),
      RADIO_BURST_KB: String(relay.burstKb),
      RADIO_LISTENER_QUEUE_KB: String(relay.queueKb),
      RADIO_MAX_LISTENERS: String(relay.maxListeners),
      RADIO_FLUSH_MS: String(relay.flushMs),
      STATION_MOUNT: options.mount,
      STATION_NAME: options.name,
      STATION_GENRE: options.genre ?? "",
      STATION_DESCRIPTION: options.description ?? "",
      STATION_URL: options.url ?? "",
      STATION_BITRATE: String(BITRATE_KBPS),
      // Names the station it serves (a look at /proc/<pid>/environ finds a data folder's processes).
      STATION_RUNTIME_DIR: runtimeDir,
    });
    writePidFile(runtimeDir, "relay", listenerRelay.pid, RELAY_SCRIPT);
    relayOutput = collect(listenerRelay, "relay", log);
    liquidsoap = spawnAs(LIQUIDSOAP_USER, "liquidsoap", [LIQUIDSOAP_SCRIPT], {
      ...baseEnv,
      HOME: runtimeDir,
      STATION_MUSIC_DIR: options.musicDir,
      STATION_NAME: options.name,
      STATION_DESCRIPTION: options.description ?? "",
      STATION_GENRE: options.genre ?? "",
      STATION_URL: options.url ?? "",
      ICECAST_HOST: options.icecastHost,
      ICECAST_PORT: String(options.icecastPort),
      ICECAST_SOURCE_PASSWORD: secrets.source,
      STATION_MOUNT: options.mount,
      STATION_HARBOR_HOST: options.harborHost,
      STATION_HARBOR_PORT: String(options.harborPort),
      STATION_APP_URL: options.appUrl,
      STATION_API_KEY: apiKey,
      STATION_ROTATION_PLAYLIST: rotationPlaylist,
      STATION_LIVE_TITLE: LIVE_TITLE,
    });
    writePidFile(runtimeDir, "liquidsoap", liquidsoap.pid, LIQUIDSOAP_SCRIPT);
    liquidsoapOutput = collect(liquidsoap, "liquidsoap", log);
    const all = [
      { name: "Icecast", child: icecast, output: icecastLog },
      { name: "Liquidsoap", child: liquidsoap, output: liquidsoapOutput },
      { name: "the listener relay", child: listenerRelay, output: relayOutput },
    ];
    await waitFor(
      "Liquidsoap",
      async () => mountOnAir(await icecastStatus(options), options.mount),
      all,
    );
    await waitFor(
      "the listener relay",
      async () => (await relayStatus(relay))?.onAir === true,
      all,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    icecastUrl: `http://${options.icecastHost}:${options.icecastPort}`,
    streamUrl: `http://${options.icecastHost}:${options.icecastPort}${options.mount}`,
    listenUrl: `${relay.localUrl}${options.mount}`,
    relayStatusUrl: `${relay.localUrl}/status.json`,
    harborPort: options.harborPort,
    listenPort: relay.port,
    pids: { icecast: icecast.pid, liquidsoap: liquidsoap.pid, relay: listenerRelay.pid },
    exited: Promise.race([
      exitOf(icecast, "Icecast", icecastLog),
      exitOf(liquidsoap, "Liquidsoap", liquidsoapOutput),
      exitOf(listenerRelay, "The listener relay", relayOutput),
    ]),
    stop,
  };
}

/**
 * Runs the station and starts it again whenever Icecast or Liquidsoap stops or cannot start, after
 * 1 s, doubling up to 30 s while it keeps failing; each failure is logged with its reason. "on air"
 * is logged once the mount plays, once per start. `stop()` ends it for good.
 */
export function superviseStation(options, log = console.log) {
  const say = (line) => log(`[station] ${line}`);
  return supervise({
    say,
    prepare: () =>
      ensureTones(options.musicDir, say).catch((err) =>
        say(`could not make tones: ${err.message}`),
      ),
    start: () => startStation(options, options.verbose ? log : undefined, say),
    ready: (current) =>
      say(
        `on air: listeners on ${current.listenUrl}, Icecast ${current.icecastUrl}${options.mount}, live DJs on ${options.harborHost}:${options.harborPort}`,
      ),
  });
}
