import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const serverDir = path.resolve(import.meta.dirname, "../..");
const started: ReturnType<typeof spawn>[] = [];

/** A node process (with tsx, as the app runs) that starts a watchdog and then runs `script`. */
function run(script: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { startStopWatchdog } from "./src/platform/stop-watchdog.ts";
       const watchdog = startStopWatchdog();
       ${script}`,
    ],
    { cwd: serverDir, stdio: ["ignore", "ignore", "inherit"] },
  );
  started.push(child);
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

describe("the stop watchdog", () => {
  it("kills the process once armed, while its main thread is blocked and runs no timer or signal handler", async () => {
    expect(await run("watchdog.killAfter(300); for (;;) {}")).toEqual({
      code: null,
      signal: "SIGKILL",
    });
  });

  it("keeps nothing alive: an armed or idle watchdog lets the process exit as it would", async () => {
    expect(await run("watchdog.killAfter(60_000); process.exit(3);")).toEqual({
      code: 3,
      signal: null,
    });
    expect(await run("setTimeout(() => {}, 10);")).toEqual({ code: 0, signal: null });
  });
});
