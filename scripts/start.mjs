// `npm start`: install deps if needed, build the web app if it is stale, run the server, the
// bundled radio station and the cams' Janus (installing their Debian packages first when run as
// root). The server, the station and Janus end with this process, however it ends (kill -9
// included: see station/die-with-parent.mjs).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dyingWithParent } from "../station/die-with-parent.mjs";
import { camsConfigFromEnv, janusInstalled, superviseJanus } from "../station/janus.mjs";
import {
  stationConfigFromEnv,
  stationPackagesInstalled,
  superviseStation,
} from "../station/station.mjs";
import { ensureNpmDeps } from "./lib/deps.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";
import {
  aptInstallLine,
  installDebianPackages,
  JANUS,
  missingDebianPackages,
  RADIO_STATION,
} from "./lib/system.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
requireSupportedNode(root);
const builtIndex = join(root, "web", "dist", "index.html");
const webSources = ["web/src", "web/index.html", "web/public", "web/vite.config.ts"];
const sources = [...webSources, "packages/contracts/src"].map((p) => join(root, p));
const builtServer = join(root, "server", "dist", "main.js");
const serverSources = ["server/src", "server/package.json", "packages/contracts/src"].map((p) =>
  join(root, p),
);

try {
  ensureNpmDeps(root);
} catch (error) {
  console.error(`[start] ${error.message}`);
  process.exit(1);
}

const reason = buildReason();
if (reason) {
  console.log(`[start] building the web app (${reason})`);
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`[start] web build failed (${r.signal ?? `exit code ${r.status}`})`);
    process.exit(r.status || 1);
  }
}

// The server runs compiled (scripts/build-server.mjs: esbuild, under a second), not through tsx.
const serverReason = staleReason(builtServer, serverSources);
if (serverReason) {
  console.log(`[start] building the server (${serverReason})`);
  const r = spawnSync(process.execPath, ["scripts/build-server.mjs"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) {
    console.error(`[start] server build failed (${r.signal ?? `exit code ${r.status}`})`);
    process.exit(r.status || 1);
  }
}

// The server has its own process group, so a terminal's Ctrl-C reaches it only through this
// process: the first signal starts its graceful stop, a second one ends it at once (docs/operating.md:
// Deploying). Under `npm start` one Ctrl-C arrives here twice (from the terminal, and forwarded by
// npm): a repeat within REPEAT_MS is the same signal and is not forwarded again. A server still
// running KILL_AFTER_MS after the first signal is killed (SIGKILL): its own watchdog kills it
// sooner, this one does not depend on anything in the server (docs/operating.md: Deploying, "Stopping").
const server = spawn(
  ...dyingWithParent(process.execPath, ["--enable-source-maps", "server/dist/main.js"]),
  { cwd: root, stdio: "inherit", detached: true },
);
let station = null;
let janus = null;
const stopServers = () => Promise.all([station?.stop(), janus?.stop()]);
const REPEAT_MS = 1_000;
const KILL_AFTER_MS = 20_000;
let lastForwarded = 0;
let killArmed = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - lastForwarded < REPEAT_MS) return;
    lastForwarded = now;
    server.kill(signal);
    if (killArmed) return;
    killArmed = true;
    setTimeout(() => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill("SIGKILL");
      console.error(`[start] the server did not stop within ${KILL_AFTER_MS / 1000} s: killed`);
    }, KILL_AFTER_MS);
  });
}
// `npm start` runs this under `sh -c`: a SIGTERM to npm ends npm and the shell but never reaches
// this process, and the app with its station ran on, orphaned (seen: `kill <npm's pid>`). The
// parent gone counts as a SIGTERM.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(parentWatch);
  console.error("[start] the process that started this one has ended: stopping");
  process.emit("SIGTERM", "SIGTERM");
}, 1000);
parentWatch.unref();
server.on("error", async (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  await stopServers();
  process.exit(1);
});
server.on("exit", async (code, signal) => {
  // The station and Janus stop with the app.
  await stopServers();
  process.exit(code ?? 128 + constants.signals[signal]);
});
station = startBundledStation();
janus = startBundledJanus();

/**
 * The bundled radio station (docs/operating.md: Radio), supervised: started when Icecast and Liquidsoap are
 * installed, STATION is not off and no existing station is configured; restarted when it stops.
 */
function startBundledStation() {
  let options;
  try {
    options = stationConfigFromEnv(process.env, root);
  } catch (error) {
    console.error(`[station] ${error.message}`);
    return null;
  }
  if (!options.enabled || options.external) return null;
  ensurePackages("station", RADIO_STATION);
  if (!stationPackagesInstalled()) {
    console.log(
      "[station] Icecast and Liquidsoap are not installed: the player says the station is offline (docs/operating.md: Radio)",
    );
    return null;
  }
  return superviseStation(options);
}

/**
 * The cams' Janus (docs/operating.md: Cams), supervised: started when it is installed, CAMS is not off and no
 * existing Janus is configured (JANUS_URL); restarted when it stops.
 */
function startBundledJanus() {
  let options;
  try {
    options = camsConfigFromEnv(process.env, root);
  } catch (error) {
    console.error(`[cams] ${error.message}`);
    return null;
  }
  if (!options.enabled || options.external) return null;
  ensurePackages("cams", [JANUS]);
  if (!janusInstalled()) {
    console.log("[cams] Janus is not installed: there are no cams (docs/operating.md: Cams)");
    return null;
  }
  return superviseJanus(options);
}

/**
 * Installs the Debian packages of `list` that are missing when we are root; otherwise prints the
 * apt-get line that would. A failed install is reported and the app goes on without them.
 */
function ensurePackages(tag, list) {
  const missing = missingDebianPackages(list);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.log(
      `[${tag}] missing ${missing.join(", ")}; to install: sudo ${aptInstallLine(missing)}`,
    );
    return;
  }
  try {
    installDebianPackages(list);
  } catch (error) {
    console.error(`[${tag}] ${error.message}`);
  }
}

function buildReason() {
  // The server serves WEB_DIST_DIR instead when it is set: built elsewhere, nothing to build here.
  if (process.env.WEB_DIST_DIR) return null;
  return staleReason(builtIndex, sources);
}

// Why `built` must be made again: it is missing, or one of `inputs` changed after it.
function staleReason(built, inputs) {
  if (!existsSync(built)) return `${built.slice(root.length + 1)} is missing`;
  const builtAt = statSync(built).mtimeMs;
  const newer = inputs.flatMap(files).find((file) => statSync(file).mtimeMs > builtAt);
  return newer ? `${newer.slice(root.length + 1)} changed` : null;
}

// All files at or under `path` (none if it does not exist).
function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}
