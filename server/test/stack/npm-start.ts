import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { collectOutput } from "../process-output.ts";

/** `npm start` as the stack tests run it (the station's and Janus's supervision, kill -9). */

const root = path.resolve(import.meta.dirname, "../../..");

/** How long an app start may take on a busy machine (a fresh clone's first start builds the web). */
export const START_TIMEOUT_MS = 90_000;

export interface NpmStart {
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

/**
 * `npm start` in its own process group (as a terminal runs it), its output kept; added to `all`.
 * `underShell`: through `sh -c`, as npm runs the script (`child` is then the shell).
 */
export function npmStart(
  env: NodeJS.ProcessEnv,
  all: NpmStart[],
  { underShell = false } = {},
): NpmStart {
  const command = `"${process.execPath}" scripts/start.mjs`;
  const [file, args] = underShell
    ? ["sh", ["-c", command]]
    : [process.execPath, ["scripts/start.mjs"]];
  const child = spawn(file, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const start = { child, exited, output };
  all.push(start);
  return start;
}

/** Waits until `pattern` (global for `count` > 1) has matched `count` times in the output. */
export async function waitForLines(
  start: NpmStart,
  pattern: RegExp,
  count = 1,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  while ((start.output().match(pattern)?.length ?? 0) < count) {
    if (start.child.exitCode !== null || start.child.signalCode !== null) {
      throw new Error(`npm start ended before ${pattern}:\n${start.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${start.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends every start still running: SIGTERM, `graceMs` to exit, then SIGKILL to its process group. */
export async function stopStarts(all: NpmStart[], graceMs: number) {
  for (const start of all) {
    if (start.child.exitCode !== null || start.child.signalCode !== null) continue;
    start.child.kill("SIGTERM");
    await Promise.race([start.exited, new Promise((r) => setTimeout(r, graceMs))]);
    try {
      process.kill(-(start.child.pid as number), "SIGKILL");
    } catch {}
  }
}

const read = (file: string) => {
  try {
    return readFileSync(file, "latin1");
  } catch {
    return "";
  }
};

/** The live processes (not zombies) whose command line or environment names `dataDir`. */
export function processesOfDataDir(dataDir: string) {
  const found: { pid: number; name: string; cmdline: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat || /^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3))) {
      continue;
    }
    const cmdline = read(`/proc/${entry}/cmdline`).replaceAll("\0", " ");
    if (!cmdline.includes(dataDir) && !read(`/proc/${entry}/environ`).includes(dataDir)) continue;
    found.push({ pid: Number(entry), name: read(`/proc/${entry}/comm`).trim(), cmdline });
  }
  return found;
}

/** What every `npm start` of the stack tests runs with (no web app to serve or build). */
export const npmStartEnv = (dataDir: string, port: number): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LANG: "C.UTF-8",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, "no-web"),
  LOG_LEVEL: "warn",
});
