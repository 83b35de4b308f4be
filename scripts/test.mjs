// `npm test`: every check the project has, in order, stopping at the first failure.
// Usage: node scripts/test.mjs [step ...]   (no steps = all; deps and system always run)
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNpmDeps } from "./lib/deps.mjs";
import { inLoopbackNamespace } from "./lib/loopback-netns.mjs";
import { packagesRefusingNode, requireSupportedNode } from "./lib/node-version.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import {
  CHROMIUM,
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
} from "./lib/system.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
requireSupportedNode(root);
const CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";
const serverTest = ["npm", "test", "-w", "@airwave/server"];

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
  { name: "server-pglite", cmd: serverTest, needs: [REDIS, POSTGRESQL, FFMPEG] },
  {
    name: "server-pg",
    title: `PostgreSQL + ${serverTest.join(" ")}`,
    needs: [POSTGRESQL, REDIS, FFMPEG],
    run: async () => {
      const pg = await startPostgres();
      console.log(`PostgreSQL ready: ${pg.url}`);
      try {
        await exec(serverTest, { TEST_DATABASE_URL: pg.url });
      } finally {
        await pg.stop();
      }
    },
  },
  {
    name: "radio",
    title: "the real station (Icecast + Liquidsoap + ffmpeg) and the cams' Janus with the app",
    cmd: ["npx", "vitest", "run", "--config", "server/vitest.stack.config.ts"],
    // Redis: the cams' two-instance test (server/test/stack/cams-instances.stack.ts).
    needs: [...RADIO_STATION, JANUS, REDIS],
  },
  {
    name: "scale",
    title: "two app instances behind nginx with PostgreSQL and Redis (kill -9, Redis down)",
    cmd: ["npx", "vitest", "run", "--config", "server/vitest.scale.config.ts"],
    needs: [POSTGRESQL, REDIS, NGINX, FAKETIME, FFMPEG, JANUS],
  },
  { name: "build", cmd: ["npm", "run", "build"] },
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
let child = null;
let interrupted = null;
const killChild = (signal) => {
  try {
    if (child) process.kill(-child.pid, signal);
  } catch {}
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    killChild(interrupted ? "SIGKILL" : signal); // a second signal forces it
    interrupted ??= signal;
  });
}
process.on("exit", () => killChild("SIGTERM"));

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

const results = [];
let failed = false;
for (const [i, step] of selected.entries()) {
  const title = step.title ?? step.cmd.join(" ");
  console.log(paint("1;36", `\n━━ [${i + 1}/${selected.length}] ${step.name}: ${title}`));
  const start = performance.now();
  try {
    if (interrupted) throw new Error(`interrupted (${interrupted})`);
    await (step.run ? step.run() : exec(step.cmd, step.env));
    const ms = performance.now() - start;
    results.push({ name: step.name, ms, status: paint(32, "ok") });
    console.log(paint(32, `✔ ${step.name} passed in ${seconds(ms)}`));
  } catch (error) {
    const ms = performance.now() - start;
    results.push({ name: step.name, ms, status: paint(31, "FAILED") });
    console.error(paint(31, `✖ ${step.name} failed after ${seconds(ms)}: ${error.message}`));
    failed = true;
    break;
  }
}

const width = Math.max(...selected.map((s) => s.name.length)) + 2;
console.log(paint(1, "\nSummary"));
for (const step of selected) {
  const r = results.find((x) => x.name === step.name);
  const time = r ? seconds(r.ms) : "-";
  console.log(`  ${step.name.padEnd(width)}${time.padStart(8)}  ${r ? r.status : "not run"}`);
}
const total = results.reduce((sum, r) => sum + r.ms, 0);
console.log(`  ${"total".padEnd(width)}${seconds(total).padStart(8)}`);
process.exit(interrupted ? 128 + constants.signals[interrupted] : failed ? 1 : 0);

function exec([cmd, ...args], env = {}) {
  return new Promise((resolve, reject) => {
    const options = { cwd: root, stdio: "inherit", env: { ...process.env, ...env } };
    child = spawn(cmd, args, { ...options, detached: true });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      child = null;
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
