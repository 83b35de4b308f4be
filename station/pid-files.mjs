// DATA_DIR/station/<name>.pid: the Icecast and Liquidsoap a data folder's station runs, so that the
// next start stops whatever an earlier run left behind (its launcher killed where the parent-death
// signal is not available, a server slow to act on it) instead of fighting it for the ports.
//
// A record names the process by pid AND by the kernel's start time, plus a word its command line
// holds (the config or script path): a pid the system has since given to another program is never
// signalled. Linux only (/proc); elsewhere nothing is recognised, so nothing is killed.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The start time of a running process (clock ticks since boot), or null if gone or a zombie. */
export function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is the 3rd, start time the 22nd.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" || fields[0] === "X" ? null : fields[19];
  } catch {
    return null;
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

const me = () => ({ pid: process.pid, startTime: processStartTime(process.pid) });

/** Whether the process a record names still runs (same pid, same start time, same command). */
function stillRunning(record) {
  if (!Number.isInteger(record?.pid) || record.pid <= 0 || !record.startTime) return false;
  if (processStartTime(record.pid) !== record.startTime) return false;
  return record.marker === undefined || commandLine(record.pid).includes(record.marker);
}

const pidFile = (dir, name) => path.join(dir, `${name}.pid`);

/** Records that `pid` runs `name` (its command line holding `marker`) for this process. */
export function writePidFile(dir, name, pid, marker) {
  const record = { name, pid, startTime: processStartTime(pid), marker, owner: me() };
  const aside = `${pidFile(dir, name)}.${process.pid}`;
  writeFileSync(aside, `${JSON.stringify(record)}\n`);
  renameSync(aside, pidFile(dir, name));
}

export const removePidFile = (dir, name) => rmSync(pidFile(dir, name), { force: true });

/**
 * Whether the process that started at `startTime` has let go of everything it held. A thread-group
 * leader shows as a zombie as soon as it exits, while its other threads may still be closing the
 * shared file table (Janus's listening socket, seen in CI as "JANUS_WS_PORT is in use" right after
 * stopping a leftover): it is gone only once no thread of it is left.
 */
function released(pid, startTime) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return true;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[19] !== startTime) return true;
  if (fields[0] !== "Z" && fields[0] !== "X") return false;
  try {
    return readdirSync(`/proc/${pid}/task`).length <= 1;
  } catch {
    return true;
  }
}

/** Sends SIGTERM, then SIGKILL after `graceMs`; resolves once the process and its threads are gone. */
async function stopPid(pid, startTime, graceMs) {
  const gone = () => released(pid, startTime);
  for (const [signal, waitMs] of [
    ["SIGTERM", graceMs],
    ["SIGKILL", 5000],
  ]) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if (err.code === "ESRCH") return;
      throw new Error(`could not stop process ${pid} (${err.code})`);
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (gone()) return;
      await sleep(50);
    }
  }
  if (!gone()) throw new Error(`could not stop process ${pid}`);
}

/**
 * Stops the processes the pid files in `dir` name that still run, and removes the files. Refuses
 * (throws) when they belong to another launcher that is still running: two starts on one DATA_DIR.
 * `log` is told about each process stopped.
 */
export async function stopLeftovers(dir, log = () => {}, graceMs = 5000) {
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".pid"));
  } catch {
    return;
  }
  for (const file of files) {
    let record = null;
    try {
      record = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    } catch {}
    if (stillRunning(record)) {
      const { owner } = record;
      if (owner && owner.pid !== process.pid && stillRunning(owner)) {
        throw new Error(
          `${record.name} (pid ${record.pid}) for this DATA_DIR is run by another start (pid ${owner.pid}): stop that one first`,
        );
      }
      await stopPid(record.pid, record.startTime, graceMs);
      log(`stopped ${record.name} (pid ${record.pid}) left running by an earlier start`);
    }
    rmSync(path.join(dir, file), { force: true });
  }
}
