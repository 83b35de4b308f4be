import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 28: the service units for a host without containers (deploy/systemd/): systemd's own checker
 * accepts each, each starts what docs/operating.md says with the project's commands, and the radio and the
 * cams are services of their own (no unit is the app's child).
 */

const root = path.resolve(import.meta.dirname, "../../..");
const unitsDir = path.join(root, "deploy", "systemd");
const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "airwave-units-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const execStart = (unit: string) => /^ExecStart=(.+)$/m.exec(unit)?.[1] ?? "";

describe("the systemd units", () => {
  it("pass systemd-analyze verify", async () => {
    const names = (await readdir(unitsDir)).filter((n) => n.endsWith(".service"));
    expect(names.sort()).toEqual([
      "airwave-janus.service",
      "airwave-station.service",
      "airwave@.service",
    ]);
    for (const name of names) {
      // A template is verified as one of its instances.
      const file = path.join(scratch, name.replace("@.", "@8080."));
      await copyFile(path.join(unitsDir, name), file);
      const { stderr } = await promisify(execFile)("systemd-analyze", ["verify", file]);
      expect(stderr, name).toBe("");
    }
  });

  it("start the compiled server, the station and Janus as docs/operating.md's commands do", async () => {
    const unit = (name: string) => readFile(path.join(unitsDir, name), "utf8");
    const node = (script: string) => `/usr/bin/${script}`;
    expect(execStart(await unit("airwave@.service"))).toBe(
      node(pkg.scripts["start:production"] ?? ""),
    );
    expect(execStart(await unit("airwave-station.service"))).toBe(node(pkg.scripts.station ?? ""));
    expect(execStart(await unit("airwave-janus.service"))).toBe(node(pkg.scripts.cams ?? ""));
    expect(await unit("airwave@.service")).toMatch(/^Environment=PORT=%i$/m);
  });
});
