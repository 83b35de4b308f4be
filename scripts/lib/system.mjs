// Installs the Debian packages the tests need (or says how to).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const PG_ROOT = "/usr/lib/postgresql";

/** The newest /usr/lib/postgresql/<version>/bin that has initdb, or null. */
export function findPgBin() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, "bin", "initdb")))
    .sort((a, b) => b.localeCompare(a, "en", { numeric: true }));
  return versions.length > 0 ? join(PG_ROOT, versions[0], "bin") : null;
}

export const POSTGRESQL = { pkg: "postgresql", check: () => findPgBin() !== null };
/** The server tests start their own Redis (`server/test/redis.ts`: REDIS_URL, the chat room across instances). */
export const REDIS = { pkg: "redis-server", check: () => existsSync("/usr/bin/redis-server") };
/** The reverse proxy in front of several app instances (`npm test`'s `scale` step, deploy/nginx.conf). */
export const NGINX = { pkg: "nginx", check: () => existsSync("/usr/sbin/nginx") };
/**
 * libfaketime: the `scale` step runs its app instances at a chosen station time (an up-next slot
 * 15 minutes away) with LD_PRELOAD, the same offset for both.
 */
export const FAKETIME = { pkg: "libfaketime", check: () => faketimeLibrary() !== null };

/** libfaketime's library (for LD_PRELOAD), or null when it is not installed. */
export function faketimeLibrary() {
  const dir = "/usr/lib";
  if (!existsSync(dir)) return null;
  for (const arch of readdirSync(dir)) {
    const file = join(dir, arch, "faketime", "libfaketime.so.1");
    if (existsSync(file)) return file;
  }
  return null;
}
/**
 * The browser tests' Chromium: Debian's headless shell (the same Blink as `chromium`, without the
 * full browser's GPU process and compositing), the build Playwright itself runs headless tests on.
 * It took 15% less CPU than `chromium` over the 69 browser tests (339 s against 400 s).
 */
export const CHROMIUM = {
  pkg: "chromium-headless-shell",
  check: () => existsSync("/usr/bin/chromium-headless-shell"),
};
/** Emoji for the browser tests' screenshots (without it every emoji is an empty box). */
export const EMOJI_FONT = {
  pkg: "fonts-noto-color-emoji",
  check: () => existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
};
/** The bundled radio station (Icecast + Liquidsoap) and the tones and DJ stream of its tests (ffmpeg). */
export const ICECAST = { pkg: "icecast2", check: () => existsSync("/usr/bin/icecast2") };
export const LIQUIDSOAP = { pkg: "liquidsoap", check: () => existsSync("/usr/bin/liquidsoap") };
export const FFMPEG = { pkg: "ffmpeg", check: () => existsSync("/usr/bin/ffmpeg") };
export const RADIO_STATION = [ICECAST, LIQUIDSOAP, FFMPEG];
/** The cams' media server (docs/operating.md: Cams): Janus with its VideoRoom plugin and WebSocket transport. */
/** `ip` for the cams' loopback-only network namespace (scripts/lib/loopback-netns.mjs). */
export const IPROUTE = {
  pkg: "iproute2",
  check: () => existsSync("/usr/sbin/ip") || existsSync("/sbin/ip") || existsSync("/usr/bin/ip"),
};
export const JANUS = { pkg: "janus", check: () => existsSync("/usr/bin/janus") };
/** systemd-analyze checks the service units in deploy/systemd/ (no running systemd needed). */
export const SYSTEMD = { pkg: "systemd", check: () => existsSync("/usr/bin/systemd-analyze") };

/** What `npm run image` needs: rootful podman with runc, and debootstrap for the base image. */
export const CONTAINER_TOOLS = [
  { pkg: "podman", check: () => existsSync("/usr/bin/podman") },
  { pkg: "runc", check: () => existsSync("/usr/sbin/runc") || existsSync("/usr/bin/runc") },
  { pkg: "debootstrap", check: () => existsSync("/usr/sbin/debootstrap") },
];
/**
 * Debian's docker-compose (1.29): the `image` step brings compose.yaml up with it over podman's
 * Docker socket (installed without recommends, which would pull docker.io and containerd).
 */
export const DOCKER_COMPOSE = {
  pkg: "docker-compose",
  check: () => existsSync("/usr/bin/docker-compose"),
};

/** The packages of `list` (items: { pkg, check }) that are not installed. */
export const missingDebianPackages = (list) =>
  list.filter((item) => !item.check()).map((item) => item.pkg);

/** The one command that installs `packages` (run it as root). */
export const aptInstallLine = (packages) =>
  `apt-get install -y --no-install-recommends ${packages.join(" ")}`;

/**
 * Installs the missing packages of `list` (items: { pkg, check }) with apt-get when running
 * as root; otherwise prints the command to run and exits with code 1.
 */
export function ensureDebianPackages(list) {
  const missing = missingDebianPackages(list);
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) {
    console.error(`\nMissing system packages: ${missing.join(", ")}. Install them with:\n`);
    console.error(`  sudo ${aptInstallLine(missing)}\n`);
    process.exit(1);
  }
  return installDebianPackages(list);
}

/**
 * As root: installs the missing packages of `list` with apt-get (after an `apt-get update` if the
 * first try fails). Throws when they cannot be installed. Answers the packages it installed.
 */
export function installDebianPackages(list) {
  const missing = missingDebianPackages(list);
  if (missing.length === 0) return [];
  const command = aptInstallLine(missing);
  console.log(`[system] installing ${missing.join(", ")}`);
  if (!aptGet(["install", "-y", "--no-install-recommends", ...missing])) {
    console.log("[system] apt-get install failed; running apt-get update and retrying");
    if (!aptGet(["update"]) || !aptGet(["install", "-y", "--no-install-recommends", ...missing])) {
      throw new Error(`could not install ${missing.join(", ")} (tried: ${command})`);
    }
  }
  const still = missingDebianPackages(list);
  if (still.length > 0) throw new Error(`installed but still not found: ${still.join(", ")}`);
  return missing;
}

function aptGet(args) {
  // Wait for the dpkg lock instead of failing when another apt-get is running.
  const r = spawnSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", ...args], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.error) throw new Error(`could not run apt-get: ${r.error.message}`);
  return r.status === 0;
}
