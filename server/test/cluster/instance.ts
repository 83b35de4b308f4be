import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { dyingWithParent } from "../../../station/die-with-parent.mjs";
import { collectOutput } from "../process-output.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const STARTED = /Airwave is running on (\S+) \(instance ([\w-]+)\)/;
const START_TIMEOUT_MS = 60_000;

/** One app instance in a process of its own: `server/src/main.ts`, the code a station runs compiled. */
export interface AppInstance {
  /** `one`, `two`…: for messages. */
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>`: the instance itself, not through nginx. */
  url: string;
  /** Its `ctx.instanceId`, as printed at start (chat presence and `job_runs.ran_by` name it). */
  id: string;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  alive(): boolean;
}

/**
 * Starts `server/src/main.ts` (the sources under tsx; `npm start` runs the same code compiled) with `env`; resolves
 * once it prints that it listens. It dies with this process however this one ends.
 */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<AppInstance> {
  const [command, args] = dyingWithParent(
    process.execPath,
    ["--import", "tsx", "server/src/main.ts"],
    { signal: "KILL" },
  );
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + START_TIMEOUT_MS;
  let started = STARTED.exec(output());
  while (!started) {
    if (!alive()) throw new Error(`instance ${name} ended before it started:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start:\n${output()}`);
    await sleep(100);
    started = STARTED.exec(output());
  }
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    id: started[2] ?? "",
    process: child,
    output,
    alive,
    async kill(signal) {
      if (!alive()) return;
      child.kill(signal);
      await exited;
    },
  };
}
