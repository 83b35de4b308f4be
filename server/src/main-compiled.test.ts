import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PLATFORM_ROUTES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProcessStarter, waitForLine } from "../test/app-process.ts";
import { freePort } from "../test/free-port.ts";
import { CLOCK_SEAM } from "./platform/clock-seam.ts";

/**
 * Issue 28: the production start runs compiled JavaScript (scripts/build-server.mjs), no TypeScript
 * at run time: built here into a folder of its own, started as `npm run start:production` starts
 * it, it migrates a fresh database, answers ready, and its process runs no tsx. The browser tests'
 * seams are not in it (issue 29: the clock seam cannot be turned on in production).
 */

const serverDir = path.resolve(import.meta.dirname, "..");
const start = appProcessStarter();
let outdir: string;
let dataDir: string;
beforeAll(async () => {
  outdir = path.join(serverDir, `.build-test-${process.pid}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-compiled-"));
  await promisify(execFile)(process.execPath, ["../scripts/build-server.mjs", "--outdir", outdir], {
    cwd: serverDir,
  });
}, 60_000);
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe("the compiled server", () => {
  it("starts without TypeScript, migrates, answers ready and stops on SIGTERM", async () => {
    const port = await freePort();
    const proc = start({ DATA_DIR: dataDir, PORT: String(port), STATION: "off", CAMS: "off" }, [
      "--enable-source-maps",
      path.join(outdir, "main.js"),
    ]);
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
    const ready = await fetch(`http://127.0.0.1:${port}${PLATFORM_ROUTES.healthReady.path}`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, checks: { migrations: "up" } });

    // What `ps` shows of it: node and the compiled file, no tsx loader.
    const cmdline = (await readFile(`/proc/${proc.child.pid}/cmdline`, "utf8")).split("\0");
    expect(cmdline.join(" ")).not.toMatch(/tsx/);
    expect(cmdline).toContain(path.join(outdir, "main.js"));

    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(0);
  }, 90_000);

  it("has no test seam, even with TEST_SEAMS=on: the app's clock cannot be moved", async () => {
    const port = await freePort();
    const proc = start(
      { DATA_DIR: dataDir, PORT: String(port), STATION: "off", CAMS: "off", TEST_SEAMS: "on" },
      [path.join(outdir, "main.js")],
    );
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
    const moved = await fetch(`http://127.0.0.1:${port}${CLOCK_SEAM}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ at: "2026-03-27T12:00:00.000Z" }),
    });
    expect(moved.status).toBe(404);
    const bundle = await readFile(path.join(outdir, "main.js"), "utf8");
    expect(bundle).not.toContain(CLOCK_SEAM);
    expect(bundle).not.toContain("/api/test-seams/");
    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(0);
  }, 90_000);
});
