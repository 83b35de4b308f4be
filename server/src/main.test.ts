import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectOutput } from "../test/process-output.ts";

const serverDir = path.resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, exited, output };
}

async function waitForLine(proc: { output: () => string; child: ChildProcess }, text: string) {
  for (let i = 0; i < 300 && !proc.output().includes(text); i++) {
    if (proc.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc.output().includes(text);
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-main-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("the app process", () => {
  it("refuses to start with a wrong setting, naming the variable", async () => {
    const proc = start({ DATA_DIR: dataDir, PORT: "not-a-port", DATABASE_URL: "mysql://x" });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/PORT/);
    expect(proc.output()).toMatch(/DATABASE_URL/);
  });

  it("starts on the embedded defaults, creates the first admin once, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const proc = start({ DATA_DIR: dataDir, PORT: String(port), ADMIN_USERNAME: "first_admin" });
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
    expect(proc.output()).toMatch(
      /Created the first admin account "first_admin" with the password: \S{12,}/,
    );
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(0);

    const again = start({ DATA_DIR: dataDir, PORT: String(port), ADMIN_USERNAME: "first_admin" });
    expect(await waitForLine(again, "Airwave is running"), again.output()).toBe(true);
    expect(again.output()).not.toMatch(/Created the first admin/);
    again.child.kill("SIGTERM");
    expect(await again.exited, again.output()).toBe(0);
    // Two cold starts of a real process (migrations on a fresh PGlite): slow on a busy machine.
  }, 90_000);
});
