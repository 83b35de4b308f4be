import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePortPair } from "../free-port.ts";
import { freePort, recordStream } from "./audio.ts";
import {
  type NpmStart,
  npmStart,
  npmStartEnv,
  processesOfDataDir,
  START_TIMEOUT_MS,
  stopStarts,
  waitForLines,
} from "./npm-start.ts";

/**
 * `npm start` after a crash, as an operator meets it: scripts/start.mjs (what `npm start` runs) with
 * the bundled station, killed with kill -9 (its whole process group, then only its node process),
 * and started again on the same DATA_DIR. Afterwards exactly one Icecast and one Liquidsoap run for
 * that DATA_DIR, listeners get MP3 from the mount, and the log says "on air" once without looping.
 */

const _root = path.resolve(import.meta.dirname, "../../..");

let dataDir: string;
let env: NodeJS.ProcessEnv;
let icecastPort: number;
const started: NpmStart[] = [];

/** npm start until the app answers and the station is on air. */
async function startOnAir(options?: Parameters<typeof npmStart>[2]) {
  const start = npmStart(env, started, options);
  await waitForLines(start, /Airwave is running on/, 1, START_TIMEOUT_MS);
  await waitForLines(start, /\[station\] on air/, 1, START_TIMEOUT_MS);
  return start;
}

/** The live processes (zombies left out) whose command line or environment names this DATA_DIR. */

function stationProcesses() {
  const all = processesOfDataDir(dataDir);
  return {
    icecast: all.filter((p) => p.name === "icecast2").length,
    liquidsoap: all.filter((p) => p.name === "liquidsoap").length,
    relay: all.filter((p) => p.cmdline.includes("station/relay.mjs")).length,
    server: all.filter((p) => p.cmdline.includes("server/dist/main.js")).length,
  };
}

function codecOf(audio: Buffer) {
  const file = path.join(dataDir, "heard.mp3");
  writeFileSync(file, audio);
  const r = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", file],
    { encoding: "utf8" },
  );
  return r.stdout.trim();
}

/** One Icecast, one Liquidsoap and one listener relay for this DATA_DIR, MP3 on the mount, one "on air", no restarts. */
async function expectOneStationOnAir(start: NpmStart) {
  const audio = await recordStream(`http://127.0.0.1:${icecastPort}/radio.mp3`, 2500);
  expect(audio.length).toBeGreaterThan(16_000);
  expect(codecOf(audio)).toBe("mp3");
  expect(stationProcesses()).toEqual({ icecast: 1, liquidsoap: 1, relay: 1, server: 1 });
  const log = start.output();
  // Each restart the supervisor made, with its reason. Icecast 2.4 itself sometimes dies of a
  // segmentation fault while starting (seen once in many CI runs); the supervisor starting it again
  // is the designed answer to that. Any other restart (a port held by a leftover, a leftover that
  // would not stop) is this project's defect.
  // (A reason may run over several lines: the server's last output.)
  const restarts = log.match(/\[station\] (?:(?!\[station\])[\s\S])*?starting it again/g) ?? [];
  const icecastCrashes = restarts.filter((line) =>
    /^\[station\] (?:could not start: Icecast: )?Icecast exited \(SIGSEGV\)/.test(line),
  );
  expect(restarts.filter((line) => !icecastCrashes.includes(line))).toEqual([]);
  expect(log.match(/\[station\] on air/g)?.length).toBeGreaterThanOrEqual(1);
  expect(log.match(/\[station\] on air/g)?.length).toBeLessThanOrEqual(1 + icecastCrashes.length);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-crash-"));
  icecastPort = await freePort();
  env = {
    ...npmStartEnv(dataDir, await freePort()),
    ICECAST_PORT: String(icecastPort),
    STATION_HARBOR_PORT: String(await freePortPair()),
    RADIO_LISTEN_PORT: String(await freePort()),
    // Janus has its own crash test (janus.stack.ts).
    CAMS: "off",
  };
});

afterAll(async () => {
  await stopStarts(started, 15_000);
  // Whatever still runs for this DATA_DIR is a defect the assertion below reports; end it anyway.
  const deadline = Date.now() + 10_000;
  while (processesOfDataDir(dataDir).length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const left = processesOfDataDir(dataDir);
  for (const p of left) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true });
  expect(left).toEqual([]);
}, 60_000);

describe("npm start after a crash", () => {
  it("after kill -9 of its process group, starts again with one station that plays", async () => {
    const first = await startOnAir();
    process.kill(-(first.child.pid as number), "SIGKILL");
    await first.exited;

    const second = await startOnAir();
    await expectOneStationOnAir(second);
  }, 180_000);

  it("after kill -9 of its node process only, starts again with one station that plays", async () => {
    const alive = started.find((s) => s.child.exitCode === null && s.child.signalCode === null);
    const running = alive ?? (await startOnAir());
    running.child.kill("SIGKILL");
    await running.exited;

    const next = await startOnAir();
    await expectOneStationOnAir(next);
  }, 180_000);

  it("stops with the app and the station when the shell npm runs it in gets SIGTERM", async () => {
    for (const s of started) await stopStarts([s], 10_000);
    const start = await startOnAir({ underShell: true });
    // npm forwards a SIGTERM to its script's shell, which ends without passing it on.
    start.child.kill("SIGTERM");
    const deadline = Date.now() + 15_000;
    while (processesOfDataDir(dataDir).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(processesOfDataDir(dataDir).map((p) => p.cmdline)).toEqual([]);
  }, 180_000);
});
