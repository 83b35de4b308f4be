// Cams (issue 19): 8 members each publishing a fake camera and watching the other 7 (56 streams
// through Janus), against a baseline of the same 8 browsers showing only their own camera. Runs
// e2e/cams/bench.ts inside a loopback-only network namespace (docs/operating.md: Cams, "Testing"); it prints
// the decoded frame rate of every tile, Janus's and the app's CPU and memory, and the budget.
import path from "node:path";
import { spawnInLoopbackNamespace } from "../scripts/lib/loopback-netns.mjs";
import { root } from "./lib.ts";

const child = spawnInLoopbackNamespace(
  [process.execPath, "--import", "tsx", path.join("e2e", "cams", "bench.ts")],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    },
  },
);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
