import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import {
  AUTH_ROUTES,
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildImages,
  TEST_PROJECT as PROJECT,
  podmanEnv,
  removeComposeProject,
} from "../../../scripts/image.mjs";
import { HttpSession } from "../app-process.ts";
import { type ChatClient, connectChat, connected, recordEvents } from "../chat-client.ts";
import { freeStablePort } from "../free-port.ts";

/**
 * The production form as an operator runs it (`npm test`'s `image` step): the images built by
 * `npm run image`, and compose.yaml brought up with docker-compose 1.29 over podman's Docker socket,
 * on free ports of 127.0.0.1 (host networking), under a project name of its own. Checked as a
 * client would: the site through nginx, a member who registers and chats, the stream through
 * nginx, and the same after one app container is killed. Everything is brought down at the end,
 * also when a check fails; leftovers of an earlier run are removed by name first.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
const container = (service: string) => `${PROJECT}_${service}_1`;

let workDir = "";
let service: ChildProcess | undefined;
let composeEnv: NodeJS.ProcessEnv = {};
const ports = {} as Record<
  "http" | "app1" | "app2" | "postgres" | "redis" | "icecast" | "radio" | "harbor" | "janus",
  number
>;
let site = "";
const sockets: Socket[] = [];

const podman = (args: string[], timeout = 60_000) =>
  run("podman", args, { env: podmanEnv, timeout, maxBuffer: 1 << 24 });

const compose = (args: string[], timeout = 300_000) =>
  run("docker-compose", ["-f", path.join(root, "compose.yaml"), "-p", PROJECT, ...args], {
    cwd: workDir,
    env: composeEnv,
    timeout,
    maxBuffer: 1 << 24,
  });

/** Removes this test's containers and volumes, by the compose project's label. */
const removeLeftovers = () => removeComposeProject(PROJECT);

/** Polls `check` every half second until it answers true, for at most `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(500);
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

const status = async (url: string) =>
  (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;

/** The stream through nginx decoded by ffmpeg for `seconds`: its 8 kHz mono samples. */
async function decodeStream(seconds: number) {
  const { stdout } = await run(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-i", `${site}/radio.mp3`, "-t", String(seconds)],
      ...["-ac", "1", "-ar", "8000", "-f", "s16le", "pipe:1"],
    ],
    { encoding: "buffer", timeout: 30_000, maxBuffer: 1 << 24 },
  );
  return new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
}

/** Bytes of the stream read through nginx as they come (a listener who stays). */
function listen() {
  let bytes = 0;
  let contentType = "";
  const req = http.get(`${site}/radio.mp3`, (res) => {
    contentType = res.headers["content-type"] ?? "";
    res.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
  });
  req.on("error", () => {});
  return { bytes: () => bytes, contentType: () => contentType, close: () => req.destroy() };
}

interface Member {
  username: string;
  session: HttpSession;
}

/** A new member, registered and signed in through nginx as the register and login pages do. */
async function register(): Promise<Member> {
  const session = new HttpSession(site);
  const username = `img_${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const registered = await session.post(AUTH_ROUTES.register.path, {
    username,
    email: `${username}@example.test`,
    password,
  });
  expect(registered.status).toBe(201);
  expect((await session.signIn(username, password)).status).toBe(200);
  return { username, session };
}

/** The member's chat room connection at `base` (nginx, or one instance), with its history. */
async function joinChat(
  member: Member,
  base: string,
): Promise<Pick<ChatClient, "next"> & { socket: Socket }> {
  const socket = connectChat(base, member.session.cookieHeader());
  sockets.push(socket);
  const recorded = recordEvents(socket, member.username);
  await connected(socket);
  await recorded.next(OUT.history, undefined, 15_000);
  return { socket, next: recorded.next };
}

beforeAll(async () => {
  // Built first: a cold build takes minutes and nothing else runs meanwhile.
  await buildImages();
  workDir = mkdtempSync(path.join(os.tmpdir(), `${PROJECT}-`));
  await removeLeftovers();

  const socket = path.join(workDir, "podman.sock");
  service = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], {
    env: podmanEnv,
    stdio: "ignore",
  });
  await until("podman's Docker socket", async () => existsSync(socket), 20_000);

  // Ports below the ephemeral range (the services bind them seconds after the pick, while the
  // instances open their pools), distinct, the harbor's neighbour (its Shoutcast port) included.
  const taken = new Set<number>();
  ports.harbor = await freeStablePort(taken, 1);
  for (const key of [
    "http",
    "app1",
    "app2",
    "postgres",
    "redis",
    "icecast",
    "radio",
    "janus",
  ] as const)
    ports[key] = await freeStablePort(taken);
  const rtp = await freeStablePort(taken, 99);
  site = `http://127.0.0.1:${ports.http}`;
  composeEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DOCKER_HOST: `unix://${socket}`,
    POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
    SECRET_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: site,
    RADIO_STREAM_URL: `${site}/radio.mp3`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(ports.http),
    APP1_PORT: String(ports.app1),
    APP2_PORT: String(ports.app2),
    POSTGRES_PORT: String(ports.postgres),
    REDIS_PORT: String(ports.redis),
    ICECAST_PORT: String(ports.icecast),
    RADIO_LISTEN_PORT: String(ports.radio),
    STATION_HARBOR_PORT: String(ports.harbor),
    JANUS_WS_PORT: String(ports.janus),
    CAMS_RTP_PORTS: `${rtp}-${rtp + 99}`,
  };
  await compose(["up", "-d"]);
  // The instances exit and are restarted until PostgreSQL takes connections (restart policy).
  await until(
    "the site ready through nginx",
    async () => (await status(`${site}/api/health/ready`)) === 200,
    180_000,
  );
}, 1_200_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  try {
    if (workDir && composeEnv.DOCKER_HOST) {
      if (process.env.IMAGE_TEST_LOGS)
        console.log((await compose(["logs", "--tail", "40"])).stdout);
      await compose(["down", "-v", "-t", "10"], 120_000);
    }
  } finally {
    await removeLeftovers();
    service?.kill("SIGTERM");
    if (service && service.exitCode === null) {
      await Promise.race([new Promise((r) => service?.once("exit", r)), sleep(10_000)]);
      service.kill("SIGKILL");
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }
}, 180_000);

describe("compose.yaml with the images, over podman", () => {
  it("serves the site through nginx, from instances running the compiled server on Node 24 as airwave", async () => {
    const page = await fetch(`${site}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await status(`${site}/api/health/live`)).toBe(200);
    for (const port of [ports.app1, ports.app2])
      expect(await status(`http://127.0.0.1:${port}/api/health/ready`)).toBe(200);
    for (const app of ["app1", "app2"]) {
      const inside = await podman([
        "exec",
        container(app),
        "sh",
        "-c",
        "id -un; node --version; cat /proc/1/cmdline | tr '\\0' ' '",
      ]);
      const [user, version, command] = inside.stdout.split("\n");
      expect(user).toBe("airwave");
      expect(version).toMatch(/^v24\./);
      expect(command).toContain("server/dist/main.js");
      expect(command).not.toContain("tsx");
    }
  });

  it("passes each service's health check", async () => {
    // The station's first start makes the Auto DJ's tones (ffmpeg) before it goes on air.
    for (const name of ["postgres", "redis", "app1", "app2", "nginx", "janus", "station"]) {
      await until(
        `${name}'s health check`,
        // Exits 0 when the check passed (and prints "unhealthy" when not).
        async () => Boolean(await podman(["healthcheck", "run", container(name)])),
        150_000,
      );
    }
  });

  it("lets a member register and chat through nginx", async () => {
    const [a, b] = [await register(), await register()];
    const chatA = await joinChat(a, site);
    const chatB = await joinChat(b, site);
    chatA.socket.emit(IN.message, { message: "hello from compose" });
    const got = await chatB.next<ChatMessageView>(
      OUT.message,
      (m) => m.message === "hello from compose",
      10_000,
    );
    expect(got.message).toBe("hello from compose");
  });

  it("plays the stream through nginx", async () => {
    let samples = new Int16Array(0);
    await until(
      "audio through nginx",
      async () => {
        samples = await decodeStream(2);
        return samples.length >= 8000 && samples.some((s) => Math.abs(s) > 100);
      },
      150_000,
    );
    expect(samples.length).toBeGreaterThanOrEqual(8000);
  });

  it("keeps the radio on air and the chat working on the other instance when one app container is killed", async () => {
    const [a, b] = [await register(), await register()];
    // A on instance one, B on instance two (nginx would pick either): a message crosses over Redis.
    const chatA = await joinChat(a, `http://127.0.0.1:${ports.app1}`);
    const chatB = await joinChat(b, `http://127.0.0.1:${ports.app2}`);
    chatA.socket.emit(IN.message, { message: "before the kill" });
    await chatB.next<ChatMessageView>(OUT.message, (m) => m.message === "before the kill", 10_000);

    const listener = listen();
    await until("the stream's first bytes", async () => listener.bytes() > 16_384, 30_000);
    expect(listener.contentType()).toContain("audio/mpeg");
    try {
      const gone = new Promise((resolve) => chatA.socket.once("disconnect", resolve));
      await podman(["kill", container("app1")]);
      await gone;
      const state = await podman(["inspect", "-f", "{{.State.Running}}", container("app1")]);
      expect(state.stdout.trim()).toBe("false");

      // The listener who stayed keeps receiving audio: 128 kbps is 16 KB a second.
      const atKill = listener.bytes();
      await until("audio after the kill", async () => listener.bytes() > atKill + 48_000, 20_000);
      // The site and the chat through nginx: the other instance answers.
      for (let i = 0; i < 6; i++) expect((await fetch(`${site}/`)).status).toBe(200);
      expect(await status(`${site}/api/health/ready`)).toBe(200);
      const again = await joinChat(a, site);
      again.socket.emit(IN.message, { message: "after the kill" });
      const got = await chatB.next<ChatMessageView>(
        OUT.message,
        (m) => m.message === "after the kill",
        10_000,
      );
      expect(got.message).toBe("after the kill");
      const samples = await decodeStream(2);
      expect(samples.some((s) => Math.abs(s) > 100)).toBe(true);
    } finally {
      listener.close();
    }
  });
});
