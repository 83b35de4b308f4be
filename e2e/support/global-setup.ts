import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RATE_LIMITS } from "@airwave/contracts";
import { startGiphyFake } from "../../server/test/giphy-fake.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not become healthy:\n${log()}`);
}

/** Seeds a fresh data folder, starts the built app on a free port and tells the tests where it is. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-e2e-"));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: "station_admin",
    ADMIN_PASSWORD: "admin-password-e2e",
    // A browser context may carry its own client address (X-Forwarded-For) so the ban tests can
    // ban an account or an IP without touching the other tests, which all come from 127.0.0.1.
    TRUST_PROXY: "true",
    // Every abuse limit as in production but one: the XSS corpus test sends its hostile bodies to
    // two viewers from one member (about 180 private messages in seconds). Registrations stay
    // limited: the fixtures register each member from an address of its own (newClientAddress).
    RATE_LIMITS: `privateMessages=${RATE_LIMITS.privateMessages.max * 10}/${RATE_LIMITS.privateMessages.windowSeconds}`,
  };

  const seed = spawnSync(process.execPath, ["--import", "tsx", "e2e/support/seed.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
  const seeded = seed.stdout.trim().split("\n").pop() ?? "{}";

  // The local imitation of GIPHY (the tests never reach the internet); the app holds its key.
  const giphy = await startGiphyFake();
  const port = await freePort();
  // The bundled radio station's ports: the app polls them; the radio tests start the station there
  // (e2e/support/station.ts) and stop it again, so other tests see the station offline.
  const radio = { icecastPort: await freePort(), harborPort: await freePort() };
  let output = "";
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
      RADIO_POLL_SECONDS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => output).catch(async (err) => {
    server.kill("SIGTERM");
    await giphy.close();
    throw err;
  });

  process.env.BASE_URL = baseUrl;
  process.env.E2E_SEED = seeded;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_GIPHY_URL = giphy.url;
  process.env.E2E_RADIO = JSON.stringify(radio);
  process.env.E2E_ADMIN = JSON.stringify({
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  });

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await giphy.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
