import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RATE_LIMITS } from "@airwave/contracts";
import type { FullConfig } from "@playwright/test";
import { freePort, freePortPair } from "../../server/test/free-port.ts";
import { startGiphyFake } from "../../server/test/giphy-fake.ts";
import { collectOutput } from "../../server/test/process-output.ts";
import { type E2eApp, publishApps } from "./apps.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const E2E_ADMIN = { username: "station_admin", password: "admin-password-e2e" };

/** Runs a process to its end, with its output; rejects with that output when it fails. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} failed:\n${out}\n${err}`)),
    );
  });
}

/** Resolves when the app answers its health probe (the first request waits for nothing else). */
async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited early:\n${log()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not become healthy:\n${log()}`);
}

export interface Started {
  app: E2eApp;
  /** The app's process id. */
  pid: number;
  stop: () => Promise<void>;
}

export interface AppOptions {
  /** More settings for the app. */
  env?: NodeJS.ProcessEnv;
  /**
   * Runs once the data folder is seeded, before the app starts (the cams test starts Janus there);
   * what it returns is run when the app has stopped.
   */
  prepare?: (dataDir: string) => Promise<() => Promise<void>>;
}

/** Seeds a fresh data folder and starts the built app on free ports, with its own GIPHY imitation. */
export async function startApp(options: AppOptions = {}): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-e2e-"));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // A browser context may carry its own client address (X-Forwarded-For) so the ban tests can
    // ban an account or an IP without touching the other tests, which all come from 127.0.0.1.
    TRUST_PROXY: "true",
    // Every abuse limit as in production but one: the XSS corpus test sends its hostile bodies to
    // two viewers from one member (about 180 private messages in seconds). Registrations stay
    // limited: the fixtures register each member from an address of its own (newClientAddress).
    RATE_LIMITS: `privateMessages=${RATE_LIMITS.privateMessages.max * 10}/${RATE_LIMITS.privateMessages.windowSeconds}`,
  };
  // PGlite allows one process at a time: the seed runs (and ends) before the app opens the database.
  const seeded = (await run(["--import", "tsx", "e2e/support/seed.ts"], env))
    .trim()
    .split("\n")
    .pop();
  const unprepare = (await options.prepare?.(dataDir)) ?? (async () => {});

  // The local imitation of GIPHY (the tests never reach the internet); the app holds its key.
  const giphy = await startGiphyFake();
  const port = await freePort();
  // The bundled radio station's ports: the app polls them; the radio tests start the station there
  // (e2e/support/station.ts) and stop it again, so other tests see the station offline.
  // The listener relay's port is the stream the browsers play (now-playing's listen_url).
  const radio = {
    icecastPort: await freePort(),
    harborPort: await freePortPair(),
    listenPort: await freePort(),
  };
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      GIPHY_API_KEY: giphy.apiKey,
      GIPHY_API_URL: giphy.url,
      STATION: "on",
      ICECAST_PORT: String(radio.icecastPort),
      STATION_HARBOR_PORT: String(radio.harborPort),
      RADIO_LISTEN_PORT: String(radio.listenPort),
      RADIO_POLL_SECONDS: "2",
      // Test-only routes (server/src/test-seams.ts): the battleships test aims at the server's fleets.
      TEST_SEAMS: "on",
      // Roulette's round shortened from the spec's 30 s + 9 s + 17 s (docs/operating.md, Configuration).
      ROULETTE_BETTING_MS: "15000",
      ROULETTE_SPIN_MS: "4000",
      ROULETTE_RESET_MS: "5000",
      // No cams here (no Janus runs): the cams test has its own app and Janus (e2e/cams/).
      CAMS: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(server);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await giphy.close();
    await unprepare();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, server, output).catch(async (err) => {
    await stop();
    throw err;
  });
  return {
    app: { url, dataDir, giphyUrl: giphy.url, radio, seed: JSON.parse(seeded ?? "{}") },
    pid: server.pid ?? 0,
    stop,
  };
}

/** One app per worker (see apps.ts), started side by side; all stopped when the run ends. */
export default async function globalSetup(config: FullConfig) {
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) }, () => startApp()),
  );
  const running = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failure = started.find((s) => s.status === "rejected");
  if (failure) {
    await Promise.all(running.map((s) => s.stop()));
    throw failure.reason;
  }
  publishApps(running.map((s) => s.app));
  process.env.E2E_ADMIN = JSON.stringify(E2E_ADMIN);
  return async () => {
    await Promise.all(running.map((s) => s.stop()));
  };
}
