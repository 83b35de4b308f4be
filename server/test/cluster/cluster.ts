import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgres } from "../../../scripts/lib/postgres.mjs";
import { faketimeLibrary } from "../../../scripts/lib/system.mjs";
import { type Db, openDatabase } from "../../src/platform/db/index.ts";
import { freePort } from "../free-port.ts";
import { startRedis, type TestRedis } from "../redis.ts";
import { type AppInstance, startInstance } from "./instance.ts";
import { startNginx, type TestNginx } from "./nginx.ts";

/** The chat presence hash of a member in Redis (platform/chat-room/redis-stores.ts). */
const presenceKey = (userId: string) => `airwave:chat:presence:${userId}`;

/**
 * A station deployed as docs/operating.md's "Deploying" describes, all on 127.0.0.1: a throw-away
 * PostgreSQL server, Debian's redis-server, N app instances (processes of their own, REDIS_URL set)
 * and Debian's nginx with deploy/nginx.conf in front of them (TLS with a certificate made for the
 * run). Optionally the instances run at another time (libfaketime, the same offset for all).
 */
export interface Cluster {
  nginx: TestNginx;
  /** The site, through nginx. */
  url: string;
  instances: AppInstance[];
  redis: TestRedis;
  /** The shared database, for factories and for checking what was stored. */
  db: Db;
  /** The instances' clock: now, shifted like theirs. */
  now(): Date;
  /** The instance whose socket holds the member's place in the chat room (Redis presence), if any. */
  chatInstanceOf(userId: string): Promise<AppInstance | undefined>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  /** The instances' clock reads this at their start (and runs on from there). */
  startAt?: Date;
}

/**
 * The environment that starts an app process with its clock at `startAt` (libfaketime, running on
 * from there), and the offset in seconds; none without `startAt`.
 */
export function shiftedClock(startAt?: Date): {
  env: Record<string, string>;
  offsetSeconds: number;
} {
  if (!startAt) return { env: {}, offsetSeconds: 0 };
  const library = faketimeLibrary();
  if (!library) throw new Error("libfaketime is not installed (apt-get install libfaketime)");
  const offsetSeconds = Math.round((startAt.getTime() - Date.now()) / 1000);
  const env = {
    LD_PRELOAD: library,
    FAKETIME: `${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}s`,
    // Timers and Node's own monotonic clock stay real: only wall-clock time moves.
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  };
  return { env, offsetSeconds };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airwave-cluster-"));
  const stops: (() => Promise<void> | void)[] = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s();
  };
  try {
    const pg = await startPostgres();
    stops.push(() => pg.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const [http, https] = [await freePort(), await freePort()];
    const ports: number[] = [];
    for (let i = 0; i < (options.instances ?? 2); i++) ports.push(await freePort());

    const { env: clock, offsetSeconds } = shiftedClock(options.startAt);
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      SECRET_KEY: randomBytes(32).toString("base64url"),
      DATA_DIR: path.join(dir, "data"),
      PUBLIC_URL: `https://127.0.0.1:${https}`,
      TRUST_PROXY: "1",
      STATION: "off",
      LOG_LEVEL: "warn",
      ...clock,
      ...options.env,
    };
    // Started at the same moment against an empty database: the migrations run once.
    const instances = await Promise.all(
      ports.map((port, i) =>
        startInstance(["one", "two", "three", "four"][i] ?? `${i + 1}`, port, env),
      ),
    );
    stops.push(async () => {
      await Promise.all(instances.map((instance) => instance.kill("SIGTERM")));
    });
    const nginx = await startNginx(path.join(dir, "nginx"), { instances: ports, http, https });
    stops.push(() => nginx.stop());
    const database = await openDatabase({ url: pg.url, poolSize: 4 });
    stops.push(() => database.close());
    return {
      nginx,
      url: nginx.url,
      instances,
      redis,
      db: database.db,
      now: () => new Date(Date.now() + offsetSeconds * 1000),
      async chatInstanceOf(userId) {
        const id = await redis.client.hget(presenceKey(userId), "instance");
        return instances.find((instance) => instance.id === id);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
