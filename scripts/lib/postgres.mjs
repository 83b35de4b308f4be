// Throwaway PostgreSQL server for tests: a fresh cluster in a temp dir on a free port.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findPgBin } from "./system.mjs";

const DATABASE = "airwave_test";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Starts a PostgreSQL server with a database `airwave_test`.
 * Returns { url, stop }; stop() shuts it down and deletes its files. The server is also killed
 * when this process exits or gets SIGINT/SIGTERM/SIGHUP.
 */
export async function startPostgres() {
  const bin = findPgBin();
  if (!bin)
    throw new Error("PostgreSQL not found in /usr/lib/postgresql (apt-get install postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "airwave-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "postgres.log");
  const readLog = () => readFileSync(logFile, { encoding: "utf8", flag: "a+" }).slice(-8000);

  let server = null;
  let stopped = false;
  const isRunning = () => server !== null && server.exitCode === null && server.signalCode === null;

  // Synchronous last-resort cleanup, usable from process 'exit' and signal handlers.
  const killSync = () => {
    if (stopped) return;
    stopped = true;
    unregister();
    if (isRunning()) {
      try {
        process.kill(server.pid, "SIGQUIT"); // immediate shutdown, children included
      } catch {}
      waitGoneSync(server.pid, 5000);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    killSync();
    // Nobody else handles this signal: let it terminate the process as it normally would.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const unregister = () => {
    process.off("exit", killSync);
    for (const s of SIGNALS) process.off(s, onSignal);
  };
  process.on("exit", killSync);
  for (const s of SIGNALS) process.on(s, onSignal);

  try {
    // PostgreSQL refuses to run as root: run the server-side programs as the postgres user.
    const as = process.getuid?.() === 0 ? postgresUser() : {};
    if (as.uid !== undefined) chownSync(dir, as.uid, as.gid);
    run(join(bin, "initdb"), initdbArgs(data), { cwd: dir, ...as });

    const port = await freePort();
    const log = openSync(logFile, "a");
    server = spawn(join(bin, "postgres"), serverArgs(data, port, dir), {
      cwd: dir,
      stdio: ["ignore", log, log],
      ...as,
    });
    closeSync(log);
    server.on("error", () => {}); // reported through the readiness check below
    server.unref(); // a forgotten stop() must not keep the process alive; 'exit' cleans up

    const deadline = Date.now() + 30_000;
    const isReady = () =>
      spawnSync(join(bin, "pg_isready"), ["-q", "-t", "2", "-h", "127.0.0.1", "-p", `${port}`])
        .status === 0;
    while (!isReady()) {
      if (!isRunning()) throw new Error(`PostgreSQL exited during startup:\n${readLog()}`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL not ready after 30 s:\n${readLog()}`);
      await sleep(100);
    }
    run(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", `${port}`, "-U", "postgres", DATABASE]);

    const stop = async () => {
      if (stopped) return;
      if (isRunning()) {
        server.ref();
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGINT"); // fast shutdown
        const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      killSync();
    };
    return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, stop };
  } catch (error) {
    killSync();
    throw error;
  }
}

function initdbArgs(data) {
  return ["-D", data, "-A", "trust", "-U", "postgres", "--encoding=UTF8", "--locale=C"];
}

function serverArgs(data, port, socketDir) {
  const settings = [
    "listen_addresses=127.0.0.1",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
  ];
  return ["-D", data, "-p", `${port}`, "-k", socketDir, ...settings.flatMap((s) => ["-c", s])];
}

function postgresUser() {
  let entry;
  try {
    entry = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" });
  } catch {
    throw new Error("running as root, but there is no 'postgres' user to run PostgreSQL as");
  }
  const [, , uid, gid] = entry.trim().split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { ...options, encoding: "utf8" });
  if (r.error) throw new Error(`could not run ${basename(cmd)}: ${r.error.message}`);
  if (r.status !== 0) {
    throw new Error(
      `${basename(cmd)} failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`,
    );
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Waits until `pid` is gone or a zombie (an unreaped child counts as gone).
function waitGoneSync(pid, timeoutMs) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return;
    }
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return;
    Atomics.wait(pause, 0, 0, 20);
  }
}
