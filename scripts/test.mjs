// `npm test`: every check the project has, in order, stopping at the first failure.
// Usage: node scripts/test.mjs [step ...]   (no steps = all; deps and system always run)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { ensureNpmDeps } from "./lib/deps.mjs";
import { inLoopbackNamespace } from "./lib/loopback-netns.mjs";
import { packagesRefusingNode, requireSupportedNode } from "./lib/node-version.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import {
  CHROMIUM,
  CONTAINER_TOOLS,
  DOCKER_COMPOSE,
  EMOJI_FONT,
  ensureDebianPackages,
  FAKETIME,
  FFMPEG,
  IPROUTE,
  JANUS,
  NGINX,
  POSTGRESQL,
  RADIO_STATION,
  REDIS,
  SYSTEMD,
} from "./lib/system.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
requireSupportedNode(root);
const CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";
const serverTest = ["npm", "test", "-w", "@airwave/server"];
const serverPgTest = ["npx", "vitest", "run", "--config", "server/vitest.pg.config.ts"];

const steps = [
  {
    name: "deps",
    always: true,
    title: "npm dependencies (and that each supports the project's Node.js)",
    run: async () => {
      ensureNpmDeps(root);
      const refusing = await packagesRefusingNode(root);
      if (refusing.length > 0) {
        throw new Error(
          `installed packages that refuse the project's Node.js:\n  ${refusing.join("\n  ")}`,
        );
      }
    },
  },
  {
    name: "system",
    always: true,
    title: "system packages",
    run: () => ensureDebianPackages(selected.flatMap((s) => s.needs ?? [])),
  },
  { name: "lint", cmd: ["npx", "biome", "check", "."] },
  { name: "types", cmd: ["npx", "tsc", "-b"] },
  { name: "unit", cmd: ["npm", "test", "-w", "@airwave/contracts", "-w", "@airwave/web"] },
  // ffmpeg makes the MP3 tests' corpus (real MP3s, CBR and VBR, with and without tags).
  { name: "server-pglite", cmd: serverTest, needs: [REDIS, POSTGRESQL, FFMPEG, SYSTEMD] },
  // The server suite again on PostgreSQL: the files whose outcome depends on the database engine
  // (server/test/database-files.ts); the rest would only repeat themselves.
  {
    name: "server-pg",
    title: `PostgreSQL + ${serverPgTest.join(" ")}`,
    needs: [POSTGRESQL, REDIS, FFMPEG],
    run: async () => {
      const pg = await startPostgres();
      console.log(`PostgreSQL ready: ${pg.url}`);
      try {
        await exec(serverPgTest, { TEST_DATABASE_URL: pg.url });
      } finally {
        await pg.stop();
      }
    },
  },

  // The web app and the compiled server, which the images below are made from.
  { name: "build", cmd: ["npm", "run", "build"] },
  // The station's and the cluster's tests each keep about one core busy (they start the app several
  // times and wait on streams and restarts): they run together, each with one of the two cores.
  // Beside the unit or server suites, which keep both cores busy, they slowed everything (unit 83 s
  // -> 251 s, radio 116 s -> 197 s).
  {
    name: "radio",
    together: true,
    title: "the real station (Icecast + Liquidsoap + ffmpeg) and the cams' Janus with the app",
    cmd: ["npx", "vitest", "run", "--config", "server/vitest.stack.config.ts"],
    // Redis: the cams' two-instance test (server/test/stack/cams-instances.stack.ts).
    needs: [...RADIO_STATION, JANUS, REDIS],
  },
  {
    name: "scale",
    together: true,
    title: "two app instances behind nginx with PostgreSQL and Redis (kill -9, Redis down)",
    cmd: ["npx", "vitest", "run", "--config", "server/vitest.scale.config.ts"],
    needs: [POSTGRESQL, REDIS, NGINX, FAKETIME, FFMPEG, JANUS],
  },
  // The images (npm run image, from the build above) and compose.yaml over podman's Docker socket:
  // it mostly waits (apt inside the builds, the stack's start, the stream), so it runs together
  // with the station's and the cluster's tests (not beside the cams' browser test, whose frame
  // rate is measured).
  {
    name: "image",
    together: true,
    title:
      "the images and compose.yaml (podman, docker-compose): nginx, chat, stream, a killed app",
    cmd: ["node", "scripts/image-test.mjs"],
    needs: [...CONTAINER_TOOLS, DOCKER_COMPOSE, FFMPEG],
  },
  {
    name: "cams",
    title:
      "cams: Janus, the app and members' browsers with fake cameras, in a loopback-only network namespace",
    cmd: inLoopbackNamespace([
      "npx",
      "playwright",
      "test",
      "--config",
      "e2e/playwright.cams.config.ts",
    ]),
    env: { CHROMIUM_PATH },
    needs: [JANUS, CHROMIUM, EMOJI_FONT, IPROUTE],
  },
  {
    name: "e2e",
    cmd: ["npm", "test", "-w", "@airwave/e2e"],
    env: { CHROMIUM_PATH },
    needs: [CHROMIUM, EMOJI_FONT, ...RADIO_STATION],
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !steps.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(", ")}`);
  console.error(`Steps: ${steps.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = steps.filter((s) => s.always || wanted.length === 0 || wanted.includes(s.name));

// Each command runs in its own process group, so that signals reach all of its processes
// (npm -> sh -> vitest -> workers) and a terminal's Ctrl-C reaches them once, through us.
/** The running commands (several while steps run together). */
const children = new Set();
let interrupted = null;
const killChildren = (signal) => {
  for (const c of children) {
    try {
      process.kill(-c.pid, signal);
    } catch {}
  }
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    killChildren(interrupted ? "SIGKILL" : signal); // a second signal forces it
    interrupted ??= signal;
  });
}
process.on("exit", () => killChildren("SIGTERM"));

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

const runStart = performance.now();
const results = [];
let failed = false;
const heading = (i, step) =>
  paint(
    "1;36",
    `\n━━ [${i + 1}/${selected.length}] ${step.name}: ${step.title ?? step.cmd?.join(" ") ?? ""}`,
  );
const record = (step, start, error) => {
  const ms = performance.now() - start;
  if (!error) {
    results.push({ name: step.name, ms, status: paint(32, "ok") });
    console.log(paint(32, `✔ ${step.name} passed in ${seconds(ms)}`));
    return;
  }
  results.push({ name: step.name, ms, status: paint(31, "FAILED") });
  console.error(paint(31, `✖ ${step.name} failed after ${seconds(ms)}: ${error.message}`));
  failed = true;
};

/** Runs one step whose output is collected, and prints it whole when the step ends. */
async function runCollected(i, step) {
  const start = performance.now();
  const output = [];
  let error = null;
  try {
    await exec(step.cmd, step.env, output);
  } catch (e) {
    error = e;
  }
  console.log(heading(i, step));
  process.stdout.write(Buffer.concat(output));
  if (error && failed) {
    results.push({ name: step.name, ms: performance.now() - start, status: paint(31, "stopped") });
    return;
  }
  record(step, start, error);
  if (error) killChildren("SIGTERM"); // the steps running with it stop too
}

for (let i = 0; i < selected.length; i++) {
  if (failed || interrupted) break;
  const step = selected[i];
  if (step.together) {
    // This step and the next ones marked `together` run at the same time; the run goes on when
    // all have ended.
    const group = [];
    while (i < selected.length && selected[i].together) group.push([i, selected[i++]]);
    i--;
    for (const [j, s] of group) {
      console.log(heading(j, s));
      console.log("   (runs together with the next step(s); its output follows when it ends)");
    }
    await Promise.all(group.map(([j, s]) => runCollected(j, s)));
    continue;
  }
  const start = performance.now();
  console.log(heading(i, step));
  try {
    if (interrupted) throw new Error(`interrupted (${interrupted})`);
    await (step.run ? step.run() : exec(step.cmd, step.env));
    record(step, start);
  } catch (error) {
    record(step, start, interrupted ? new Error(`interrupted (${interrupted})`) : error);
  }
}

const width = Math.max(...selected.map((s) => s.name.length)) + 2;
console.log(paint(1, "\nSummary"));
for (const step of selected) {
  const r = results.find((x) => x.name === step.name);
  const time = r ? seconds(r.ms) : "-";
  console.log(`  ${step.name.padEnd(width)}${time.padStart(8)}  ${r ? r.status : "not run"}`);
}
console.log(`  ${"wall".padEnd(width)}${seconds(performance.now() - runStart).padStart(8)}`);
process.exit(interrupted ? 128 + constants.signals[interrupted] : failed ? 1 : 0);

/**
 * Runs a command in a process group of its own. With `output` (an array), its standard output and
 * error are collected there instead of shown.
 */
function exec([cmd, ...args], env = {}, output = null) {
  return new Promise((resolve, reject) => {
    const options = {
      cwd: root,
      stdio: output ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    };
    const child = spawn(cmd, args, { ...options, detached: true });
    children.add(child);
    if (output) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("error", reject);
    child.on("exit", async (code, signal) => {
      children.delete(child);
      // What it wrote last, unless a process it left behind keeps its output open.
      if (output) await Promise.race([drained(child), delay(2_000)]);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

function drained(child) {
  return Promise.all(
    [child.stdout, child.stderr].map((s) => (s.readableEnded ? null : once(s, "end"))),
  );
}
