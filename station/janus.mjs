// The cams' media server: Janus (Debian's `janus` 1.1) with its VideoRoom plugin and WebSocket
// transport, run by `npm start` beside the radio station (docs/operating.md: Cams). Its config is generated
// into DATA_DIR/janus/ on every start: every API on 127.0.0.1 only, random secrets made once into
// DATA_DIR/janus/secrets.json (readable by the app's user only), the RTP port range, public
// address and STUN/TURN servers as configured. Only the RTP range faces browsers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
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

/** Where Debian's package puts Janus's modules. */
export const JANUS_LIB = "/usr/lib/x86_64-linux-gnu/janus";
/** The modules the cams use; every other plugin, transport, event handler and logger is disabled. */
const KEEP = new Set(["libjanus_videoroom.so", "libjanus_websockets.so"]);
/** The VideoRoom room the chat's cams publish into (made by the config, not by the app). */
export const CAMS_ROOM = 1;

/** Janus is installed (`apt-get install janus`). */
export const janusInstalled = () => installed("janus");

const truthy = (v) => ["1", "true", "yes", "on"].includes(String(v).toLowerCase());
const falsy = (v) => ["0", "false", "no", "off"].includes(String(v).toLowerCase());

/** "host:port" (port required) → { host, port }. */
function hostPort(name, raw) {
  const m = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(raw);
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) {
    throw new Error(`Invalid configuration: ${name} must be host:port (got ${raw})`);
  }
  return { host: m[1], port };
}

/**
 * The cams' settings from the environment variables the app reads (server config.ts validates
 * them for the app; docs/operating.md's table lists them). Throws naming a wrong variable.
 */
export function camsConfigFromEnv(env = process.env, cwd = process.cwd()) {
  const value = (name) => (env[name] === undefined || env[name] === "" ? undefined : env[name]);
  const rawFlag = value("CAMS");
  if (rawFlag !== undefined && !truthy(rawFlag) && !falsy(rawFlag)) {
    throw new Error(`Invalid configuration: CAMS must be on or off (got ${rawFlag})`);
  }
  const wsPortRaw = value("JANUS_WS_PORT") ?? "8188";
  const wsPort = Number(wsPortRaw);
  if (!Number.isInteger(wsPort) || wsPort < 1 || wsPort > 65535) {
    throw new Error(
      `Invalid configuration: JANUS_WS_PORT must be a port number (got ${wsPortRaw})`,
    );
  }
  const rangeRaw = value("CAMS_RTP_PORTS") ?? "20000-20999";
  const range = /^(\d{1,5})-(\d{1,5})$/.exec(rangeRaw);
  const [min, max] = range ? [Number(range[1]), Number(range[2])] : [0, 0];
  if (!range || min < 1024 || max > 65535 || max <= min) {
    throw new Error(
      `Invalid configuration: CAMS_RTP_PORTS must be a range such as 20000-20999 (got ${rangeRaw})`,
    );
  }
  const stun = value("CAMS_STUN_SERVER");
  const turn = value("CAMS_TURN_SERVER");
  return {
    enabled: rawFlag === undefined ? true : truthy(rawFlag),
    external: Boolean(value("JANUS_URL")),
    dataDir: path.resolve(cwd, value("DATA_DIR") ?? "./data"),
    wsPort,
    rtpPorts: { min, max },
    publicIp: value("CAMS_PUBLIC_IP"),
    stun: stun ? hostPort("CAMS_STUN_SERVER", stun) : undefined,
    turn: turn
      ? {
          ...hostPort("CAMS_TURN_SERVER", turn),
          user: value("CAMS_TURN_USERNAME") ?? "",
          password: value("CAMS_TURN_PASSWORD") ?? "",
        }
      : undefined,
  };
}

const secret = () => randomBytes(24).toString("hex");

/** The file of Janus's secrets (the app's cams feature reads it to reach Janus). */
export const janusSecretsFile = (dataDir) => path.join(dataDir, "janus", "secrets.json");

/**
 * Janus's secrets, made on first start: the API secret every request carries, the admin secret,
 * the VideoRoom's admin key and the room's secret. Never sent to a browser.
 */
export function janusSecrets(dataDir) {
  const text = readOrCreateSecret(janusSecretsFile(dataDir), () =>
    JSON.stringify({ api: secret(), admin: secret(), roomAdmin: secret(), room: secret() }),
  );
  return JSON.parse(text);
}

/** A libconfig string. */
const str = (s) => `"${String(s).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** The .so files of one of Janus's module folders that the cams do not use. */
function unused(folder, available) {
  const names =
    available?.[folder] ??
    (existsSync(path.join(JANUS_LIB, folder))
      ? readdirSync(path.join(JANUS_LIB, folder)).filter((f) => f.endsWith(".so"))
      : []);
  return names.filter((f) => !KEEP.has(f)).sort();
}

/**
 * The config files (name → text) for `options` (camsConfigFromEnv()'s) and `secrets`. `available`
 * ({ plugins, transports, events, loggers }: .so names) replaces the listing of JANUS_LIB (tests).
 */
export function janusConfigFiles(options, secrets, configDir, available) {
  const disable = (folder) => {
    const list = unused(folder, available);
    return list.length > 0 ? `\tdisable = ${str(list.join(","))}\n` : "";
  };
  const nat = [
    "\tnice_debug = false",
    "\tignore_mdns = true",
    '\tice_ignore_list = "vmnet"',
    options.publicIp ? `\tnat_1_1_mapping = ${str(options.publicIp)}` : null,
    options.stun
      ? `\tstun_server = ${str(options.stun.host)}\n\tstun_port = ${options.stun.port}`
      : null,
    options.turn
      ? [
          `\tturn_server = ${str(options.turn.host)}`,
          `\tturn_port = ${options.turn.port}`,
          '\tturn_type = "udp"',
          `\tturn_user = ${str(options.turn.user)}`,
          `\tturn_pwd = ${str(options.turn.password)}`,
        ].join("\n")
      : null,
    options.iceEnforceList ? `\tice_enforce_list = ${str(options.iceEnforceList)}` : null,
  ].filter(Boolean);
  const janus = `# Generated by Airwave (station/janus.mjs) on every start: edit the settings, not this file.
general: {
\tconfigs_folder = ${str(configDir)}
\tplugins_folder = ${str(path.join(JANUS_LIB, "plugins"))}
\ttransports_folder = ${str(path.join(JANUS_LIB, "transports"))}
\tevents_folder = ${str(path.join(JANUS_LIB, "events"))}
\tloggers_folder = ${str(path.join(JANUS_LIB, "loggers"))}
\tdebug_level = 4
\tserver_name = "Airwave"
\tsession_timeout = 60
\tapi_secret = ${str(secrets.api)}
\tadmin_secret = ${str(secrets.admin)}
}
certificates: {
}
media: {
\tipv6 = false
\trtp_port_range = "${options.rtpPorts.min}-${options.rtpPorts.max}"
}
nat: {
${nat.join("\n")}
}
plugins: {
${disable("plugins")}}
transports: {
${disable("transports")}}
loggers: {
${disable("loggers")}}
events: {
\tbroadcast = false
${disable("events")}}
`;
  const websockets = `# Generated by Airwave (station/janus.mjs): the Janus API on 127.0.0.1 only, no admin socket.
general: {
\tjson = "compact"
\tws = true
\tws_port = ${options.wsPort}
\tws_ip = "127.0.0.1"
\tws_acl = "127.0.0.1"
\twss = false
}
admin: {
\tadmin_ws = false
\tadmin_wss = false
}
cors: {
}
certificates: {
}
`;
  const videoroom = `# Generated by Airwave (station/janus.mjs): the chat room's cams, VP8 at 256 kbps.
general: {
\tadmin_key = ${str(secrets.roomAdmin)}
\tlock_rtp_forward = true
}
room-${CAMS_ROOM}: {
\tdescription = "Airwave chat cams"
\tsecret = ${str(secrets.room)}
\tis_private = true
\tpublishers = 100
\tbitrate = 256000
\tfir_freq = 10
\tvideocodec = "vp8"
\taudiocodec = "opus"
\tnotify_joining = true
}
`;
  return {
    "janus.jcfg": janus,
    "janus.transport.websockets.jcfg": websockets,
    "janus.plugin.videoroom.jcfg": videoroom,
  };
}

/** Writes the config into DATA_DIR/janus/config (readable by this user only); answers its folder. */
function writeConfig(options, secrets) {
  const configDir = path.join(options.dataDir, "janus", "config");
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  chmodSync(configDir, 0o700);
  for (const [name, text] of Object.entries(janusConfigFiles(options, secrets, configDir))) {
    writeFileSync(path.join(configDir, name), text, { mode: 0o600 });
  }
  return configDir;
}

/** The Janus API's address. */
export const janusUrl = (options) => `ws://127.0.0.1:${options.wsPort}`;

/** Whether Janus answers on its WebSocket: `info`, then a session made and destroyed (janode). */
export async function janusAnswers(url, apiSecret) {
  const { default: Janode } = await import("janode");
  Janode.Logger.setLevel("none");
  let connection;
  try {
    connection = await Janode.connect({
      address: { url, apisecret: apiSecret },
      max_retries: 1,
      retry_time_secs: 0,
    });
    const info = await connection.getInfo();
    const session = await connection.create();
    await session.destroy();
    return info;
  } catch {
    return null;
  } finally {
    await connection?.close().catch(() => {});
  }
}

/**
 * Starts Janus and resolves once its WebSocket API answers. `log` receives every line it prints;
 * `notice` the leftovers stopped. The answer's `exited` resolves (with why) when Janus stops.
 */
export async function startJanus(options, log, notice = log ?? (() => {})) {
  if (!janusInstalled()) throw new Error("janus is not installed (see docs/operating.md: Cams)");
  const runtimeDir = path.join(options.dataDir, "janus");
  mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
  const secrets = janusSecrets(options.dataDir);
  const configDir = writeConfig(options, secrets);
  const config = path.join(configDir, "janus.jcfg");

  // What an earlier start left running goes first; a port another program holds is named.
  await stopLeftovers(runtimeDir, notice);
  await mustBeFree("127.0.0.1", options.wsPort, "JANUS_WS_PORT");

  const startedAt = Date.now();
  const [cmd, argv] = dyingWithParent("janus", ["-o", "-F", configDir, "-C", config]);
  const child = spawn(cmd, argv, {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  writePidFile(runtimeDir, "janus", child.pid, config);
  const output = collect(child, "janus", log);
  const stop = async () => {
    await stopProcess(child);
    removePidFile(runtimeDir, "janus");
  };
  const url = janusUrl(options);
  let info = null;
  try {
    await waitFor("Janus", async () => {
      info = await janusAnswers(url, secrets.api);
      return info !== null;
    }, [{ name: "Janus", child, output }]);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    pid: child.pid,
    version: info?.version_string,
    startMs: Date.now() - startedAt,
    exited: exitOf(child, "Janus", output),
    stop,
  };
}

/** Runs Janus, started again whenever it stops (station/processes.mjs's supervisor). */
export function superviseJanus(options, log = console.log) {
  const say = (line) => log(`[cams] ${line}`);
  return supervise({
    say,
    start: () => startJanus(options, options.verbose ? log : undefined, say),
    ready: (janus) =>
      say(
        `Janus ${janus.version ?? ""} ready on ${janus.url} in ${janus.startMs} ms, RTP ports ${options.rtpPorts.min}-${options.rtpPorts.max}`,
      ),
  });
}
