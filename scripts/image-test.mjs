// `npm test`'s image step: the images and compose.yaml (server/test/image/*.image.ts under vitest).
// The test brings its compose project down itself; when the step is stopped from outside instead
// (another step running with it failed, Ctrl-C: a signal to the whole process group) its cleanup
// does not run, so this removes the project's containers, volumes and temp folder once vitest has
// ended.
// podman's socket service, vitest's child, gets the same signal.
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { removeComposeProject, TEST_PROJECT } from "./image.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const vitest = spawn("npx", ["vitest", "run", "--config", "server/vitest.image.config.ts"], {
  cwd: root,
  stdio: "inherit",
});
let stoppedBy = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stoppedBy = signal;
  });
}
vitest.on("exit", (code, signal) => {
  if (stoppedBy || signal) {
    console.error(
      `[image] stopped (${stoppedBy ?? signal}): removing ${TEST_PROJECT}'s containers`,
    );
    removeComposeProject(TEST_PROJECT);
    // The test's folder (podman's socket), named after the project.
    for (const name of readdirSync(os.tmpdir()).filter((n) => n.startsWith(`${TEST_PROJECT}-`)))
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
  process.exit(code ?? 1);
});
