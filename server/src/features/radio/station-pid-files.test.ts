import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processStartTime, stopLeftovers } from "../../../../station/pid-files.mjs";

/**
 * The station's pid files (DATA_DIR/station/*.pid): what an earlier start left running is stopped
 * by the next one; a pid given since to another program, or a start still running, is left alone.
 * A launcher here is a real node process that starts a `sleep` as the station would and records it.
 */

const pidFilesModule = path.resolve(import.meta.dirname, "../../../../station/pid-files.mjs");
const children: ChildProcess[] = [];
const dirs: string[] = [];
const pids: number[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airwave-pid-files-"));
  dirs.push(dir);
  return dir;
};

const running = (pid: number) => processStartTime(pid) !== null;

/** A launcher that starts `sleep` (its own process group, no parent-death signal) and records it. */
async function launcher(dir: string) {
  const script = `
    import { spawn } from "node:child_process";
    import { writePidFile } from ${JSON.stringify(pidFilesModule)};
    const server = spawn("sleep", ["120"], { detached: true, stdio: "ignore" });
    writePidFile(${JSON.stringify(dir)}, "sleeper", server.pid, "sleep");
    console.log(server.pid);
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const pid = await new Promise<number>((resolve) =>
    child.stdout?.once("data", (d) => resolve(Number(String(d).trim()))),
  );
  pids.push(pid);
  return { child, pid };
}

describe("the station's pid files", () => {
  it("stop what a launcher killed with kill -9 left running, and say so", async () => {
    const dir = tempDir();
    const { child, pid } = await launcher(dir);
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await gone;
    expect(running(pid)).toBe(true);

    const log: string[] = [];
    await stopLeftovers(dir, (line) => log.push(line));
    expect(running(pid)).toBe(false);
    expect(log).toEqual([`stopped sleeper (pid ${pid}) left running by an earlier start`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leave alone a station another launcher still runs, saying which", async () => {
    const dir = tempDir();
    const { child, pid } = await launcher(dir);
    await expect(stopLeftovers(dir)).rejects.toThrow(
      `sleeper (pid ${pid}) for this DATA_DIR is run by another start (pid ${child.pid})`,
    );
    expect(running(pid)).toBe(true);
  });

  it("leave alone a process that got a recorded pid later (another start time)", async () => {
    const dir = tempDir();
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    children.push(other);
    const pid = other.pid as number;
    const record = { name: "sleeper", pid, startTime: "1", marker: "sleep" };
    writeFileSync(path.join(dir, "sleeper.pid"), JSON.stringify(record));

    await stopLeftovers(dir);
    expect(running(pid)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });
});
