import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Janode from "janode";
import VideoRoomPlugin from "janode/plugins/videoroom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMS_ROOM, janusSecrets } from "../../../station/janus.mjs";
import { freePort } from "../free-port.ts";
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
 * The cams' Janus as `npm start` runs it (scripts/start.mjs, docs/operating.md: Cams): ready on its WebSocket
 * API with the generated secret, a VideoRoom handle made through janode, the chat's room there;
 * Janus started again when it dies; after a kill -9 of the app the next start leaves exactly one
 * Janus for the data folder.
 */

const _root = path.resolve(import.meta.dirname, "../../..");
const READY = /\[cams\] Janus \S+ ready on (ws:\/\/127\.0\.0\.1:\d+) in (\d+) ms/g;

let dataDir: string;
let env: NodeJS.ProcessEnv;
let wsPort: number;
const started: NpmStart[] = [];

async function startWithJanus() {
  const start = npmStart(env, started);
  await waitForLines(start, READY);
  await waitForLines(start, /Airwave is running on/, 1, START_TIMEOUT_MS);
  return start;
}

/** The live janus processes (zombies left out) whose command line names this DATA_DIR. */
/** The pids of the Janus processes of this test's data folder. */
const janusProcesses = () =>
  processesOfDataDir(dataDir)
    .filter((p) => p.name === "janus")
    .map((p) => p.pid);

async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Connects as the cams feature will: the API secret from DATA_DIR, a VideoRoom handle. */
async function videoRoomAnswers() {
  const connection = await Janode.connect({
    address: { url: `ws://127.0.0.1:${wsPort}`, apisecret: janusSecrets(dataDir).api },
    max_retries: 1,
    retry_time_secs: 0,
  });
  try {
    const info = await connection.getInfo();
    const session = await connection.create();
    const handle = await session.attach(VideoRoomPlugin);
    const room = await handle.exists({ room: CAMS_ROOM });
    await handle.detach();
    await session.destroy();
    return { version: info.version_string, plugins: Object.keys(info.plugins ?? {}), room };
  } finally {
    await connection.close();
  }
}

beforeAll(async () => {
  Janode.Logger.setLevel("none");
  dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-janus-"));
  wsPort = await freePort();
  env = {
    ...npmStartEnv(dataDir, await freePort()),
    STATION: "off",
    CAMS: "on",
    JANUS_WS_PORT: String(wsPort),
    CAMS_RTP_PORTS: "47000-47099",
  };
});

afterAll(async () => {
  await stopStarts(started, 10_000);
  // Janus stops with the app; whatever still runs is a defect reported below, and ended anyway.
  await until(() => janusProcesses().length === 0, "stopped", 5_000).catch(() => {});
  const left = janusProcesses();
  for (const pid of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true });
  expect(left).toEqual([]);
}, 120_000);

describe("Janus under npm start", () => {
  it("answers with a VideoRoom handle, comes back when it dies, and stays one after a kill -9 of the app", async () => {
    const first = await startWithJanus();
    const [, url, startMs] = [...first.output().matchAll(READY)][0] ?? [];
    expect(url).toBe(`ws://127.0.0.1:${wsPort}`);
    console.log(`Janus ready ${startMs} ms after it was started`);
    expect(await videoRoomAnswers()).toEqual({
      version: "1.1.2",
      plugins: ["janus.plugin.videoroom"],
      room: expect.objectContaining({ room: CAMS_ROOM, exists: true }),
    });
    expect(janusProcesses()).toHaveLength(1);

    // Janus dies: the supervisor starts it again, and it answers.
    for (const dead of janusProcesses()) process.kill(dead, "SIGKILL");
    await waitForLines(first, /\[cams\] Janus exited \(SIGKILL\).*; starting it again in 1 s/);
    await waitForLines(first, READY, 2);
    expect((await videoRoomAnswers()).room.exists).toBe(true);

    // kill -9 of the app's node process: its Janus goes with it, the next start runs one.
    const before = janusProcesses();
    expect(before).toHaveLength(1);
    first.child.kill("SIGKILL");
    await first.exited;
    const second = await startWithJanus();
    expect(janusProcesses()).toHaveLength(1);
    expect(janusProcesses()).not.toEqual(before);
    expect((await videoRoomAnswers()).room.exists).toBe(true);
    expect(second.output()).not.toMatch(/starting it again/);
  }, 120_000);
});
