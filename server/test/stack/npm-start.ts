import { type ChildProcess, spawn } from "node:child_process";
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

/** `npm start` in its own process group (as a terminal runs it), its output kept; added to `all`. */
export function npmStart(env: NodeJS.ProcessEnv, all: NpmStart[]): NpmStart {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
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
