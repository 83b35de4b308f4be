// `npm run dev`: the API (tsx watch) and the Vite dev server side by side, with prefixed output.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ensureNpmDeps } from "./lib/deps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

try {
  ensureNpmDeps(root);
} catch (error) {
  console.error(`[dev] ${error.message}`);
  process.exit(1);
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const env = { ...process.env, PORT: process.env.PORT ?? "8080" };
// The pages come from Vite's origin, which proxies the real-time connection to the API: the API
// lets that origin connect (docs/security.md "Security": Sessions and sockets).
const webOrigin = `http://127.0.0.1:${process.env.WEB_DEV_PORT ?? 5173}`;
env.ALLOWED_ORIGINS = [process.env.ALLOWED_ORIGINS, webOrigin].filter(Boolean).join(",");
if (color) env.FORCE_COLOR ??= "1"; // output goes through a pipe; keep the colours

const children = [
  run("api", 36, "npx", ["tsx", "watch", "server/src/main.ts"]),
  run("web", 35, "npm", ["run", "dev", "-w", "@airwave/web"]),
];

let stopping = false;
let exitCode = 0;
const running = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
// Each child runs in its own process group; signal the whole group (npm -> sh -> vite, ...).
const signalAll = (signal) => {
  for (const c of running()) {
    try {
      process.kill(-c.pid, signal);
    } catch {}
  }
};

function stop(code, signal = "SIGTERM") {
  if (stopping) return signalAll("SIGKILL"); // asked twice: force it
  stopping = true;
  exitCode = code;
  signalAll(signal);
  setTimeout(() => signalAll("SIGKILL"), 5000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => stop(0, signal));
}
process.on("exit", () => signalAll("SIGTERM"));

function run(name, colorCode, cmd, args) {
  const prefix = color ? `\x1b[${colorCode}m[${name}]\x1b[0m ` : `[${name}] `;
  // stdin stays an open pipe: Vite shuts down when its stdin ends.
  const child = spawn(cmd, args, { cwd: root, env, stdio: "pipe", detached: true });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      out.write(`${prefix}${line}\n`);
    });
  }
  child.on("error", (error) => {
    console.error(`${prefix}could not start: ${error.message}`);
    stop(1);
  });
  child.on("exit", (code, signal) => {
    console.log(`${prefix}exited (${signal ?? `code ${code}`})`);
    if (!stopping) stop(code ?? 1); // one of them died: take the other one down too
    if (running().length === 0) process.exit(exitCode);
  });
  return child;
}
