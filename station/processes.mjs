// What the bundled servers (the radio station's Icecast and Liquidsoap, the cams' Janus) share:
// finding a program, secrets made once into DATA_DIR, ports checked before a start, a child's
// output kept for error messages, stopping a child's process group, waiting for readiness, and
// the supervisor that starts a server again whenever it stops.
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether a program is on the PATH. */
export function installed(program) {
  const dirs = (process.env.PATH || "/usr/bin:/bin").split(path.delimiter);
  return dirs.some((dir) => existsSync(path.join(dir, program)));
}

/**
 * Reads a secret file, creating it on first use. Two processes starting at once agree: the file is
 * written aside and linked into place, so it appears whole or not at all.
 */
export function readOrCreateSecret(file, make) {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(aside, make(), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    } finally {
      unlinkSync(aside);
    }
  }
  return readFileSync(file, "utf8");
}

/** Fails naming the port when another program listens on host:port (no waiting on its answers). */
export function mustBeFree(host, port, what) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err) =>
      reject(
        new Error(
          err.code === "EADDRINUSE"
            ? `${host}:${port} (${what}) is in use by another program`
            : `cannot listen on ${host}:${port} (${what}): ${err.message}`,
        ),
      ),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Keeps the last lines a process printed (for error messages) and passes each line on. */
export function collect(child, name, log) {
  const lines = [];
  let partial = "";
  const take = (chunk) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      log?.(`[${name}] ${line}`);
    }
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  return () => lines.join("\n");
}

export async function stopProcess(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      try {
        child.kill(sig);
      } catch {}
    }
  };
  signal("SIGTERM");
  const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    signal("SIGKILL");
    await exited;
  }
}

/** Polls `check` until it holds; fails when one of `children` ({ name, child, output }) exits. */
export async function waitFor(what, check, children, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const output = () => children.map((c) => c.output()).join("\n");
  while (Date.now() < deadline) {
    for (const { name, child, output } of children) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${what}: ${name} exited (${child.exitCode ?? child.signalCode})\n${output()}`,
        );
      }
    }
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s\n${output()}`);
}

/** Resolves, with why, when a child process stops (its exit code or signal and its last line). */
export function exitOf(child, name, output) {
  return new Promise((resolve) => {
    const why = () => {
      const last = output().trim().split("\n").pop();
      return `${name} exited (${child.signalCode ?? child.exitCode})${last ? `: ${last}` : ""}`;
    };
    if (child.exitCode !== null || child.signalCode !== null) resolve(why());
    else child.once("exit", () => resolve(why()));
  });
}

/**
 * Runs a server and starts it again whenever it stops or cannot start, after 1 s, doubling up to
 * 30 s while it keeps failing; each failure is logged with its reason. `start()` resolves once the
 * server is ready with `{ exited: Promise<reason>, stop() }`; `ready(running)` is told once per
 * start. `prepare()` runs once before the first start. `stop()` ends it for good.
 */
export function supervise({ start, ready = () => {}, prepare = async () => {}, say }) {
  let stopping = false;
  let current = null;
  let wake = () => {};
  let delay = 1000;
  const done = (async () => {
    await prepare();
    while (!stopping) {
      const startedAt = Date.now();
      let why;
      try {
        current = await start();
        if (stopping) break;
        ready(current);
        why = await current.exited;
      } catch (err) {
        why = `could not start: ${err.message}`;
      }
      if (stopping) break;
      await current?.stop();
      current = null;
      if (Date.now() - startedAt > 60_000) delay = 1000;
      say(`${why}; starting it again in ${delay / 1000} s`);
      await new Promise((r) => {
        wake = r;
        setTimeout(r, delay);
      });
      delay = Math.min(delay * 2, 30_000);
    }
    await current?.stop();
  })();
  return {
    async stop() {
      stopping = true;
      wake();
      await current?.stop();
      await done;
    },
  };
}
