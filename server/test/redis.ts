import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { dyingWithParent } from "../../station/die-with-parent.mjs";
import { freePort } from "./free-port.ts";

/** A real Debian `redis-server` for one test file (apt-get install redis-server; `npm test` does). */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`: for REDIS_URL or a client. */
  url: string;
  /** A client of its own (closed by `stop`). */
  client: Redis;
  /** Stops redis-server (its clients see the connection close and are refused until `restart`). */
  pause(): Promise<void>;
  /** Starts redis-server again on the same port, empty (it keeps nothing on disk). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const REDIS_SERVER = "/usr/bin/redis-server";

async function startOnce(
  dir: string,
  port: number,
): Promise<{ server: ChildProcess; port: number } | null> {
  // In memory only: no snapshot, no append-only file, nothing left in `dir` but the log.
  // Killed with the test process however it ends (kill -9 included): no redis-server outlives it.
  const [command, args] = dyingWithParent(
    REDIS_SERVER,
    [
      "--bind",
      "127.0.0.1",
      "--port",
      `${port}`,
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "no",
    ],
    { signal: "KILL" },
  );
  const server = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  server.on("error", () => {});
  const deadline = Date.now() + 10_000;
  while (!output.includes("Ready to accept connections")) {
    if (server.exitCode !== null) {
      // Another process took the port between the probe and the start: try another.
      if (/Address already in use/.test(output)) return null;
      throw new Error(`redis-server exited during start-up:\n${output}`);
    }
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`redis-server not ready after 10 s:\n${output}`);
    }
    await sleep(20);
  }
  return { server, port };
}

async function end(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts redis-server on a free port of 127.0.0.1; `stop()` ends it and removes its folder. */
export async function startRedis(): Promise<TestRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "airwave-redis-"));
  let started: Awaited<ReturnType<typeof startOnce>> = null;
  for (let attempt = 0; attempt < 5 && !started; attempt++) {
    started = await startOnce(dir, await freePort());
  }
  if (!started) throw new Error("redis-server found no free port");
  const { port } = started;
  let server: ChildProcess | null = started.server;
  const killOnExit = () => server?.kill("SIGKILL");
  process.once("exit", killOnExit);
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url);
  client.on("error", () => {});
  return {
    url,
    client,
    async pause() {
      if (server) await end(server);
      server = null;
    },
    async restart() {
      if (server) return;
      const again = await startOnce(dir, port);
      if (!again) throw new Error(`redis-server could not take port ${port} again`);
      server = again.server;
    },
    async stop() {
      client.disconnect();
      process.off("exit", killOnExit);
      if (server) await end(server);
      server = null;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
