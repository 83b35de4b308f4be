import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { DestinationStream } from "pino";
import { buildApp, createContext } from "../src/app.ts";
import { jobsOf } from "../src/jobs.ts";
import { type Config, loadConfig } from "../src/platform/config.ts";
import type { AppContext } from "../src/platform/context.ts";
import { openDatabase } from "../src/platform/db/index.ts";
import type { Feature } from "../src/platform/feature.ts";
import { createJobRunner, type JobDefinition, type JobRunner } from "../src/platform/jobs/index.ts";
import { createLogger } from "../src/platform/logger.ts";
import { checkAnswers } from "./answers.ts";

/** A route as registered: one row per method, `url` exactly as declared (with its `:params`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Every route the app registered, collected with Fastify's `onRoute` hook. */
  routes: RegisteredRoute[];
  /** The app's job runner (started on ready): `runOnce(name)` runs a job now. */
  jobs: JobRunner;
  /** The database's URL on a PostgreSQL server (TEST_DATABASE_URL); undefined on PGlite. */
  databaseUrl: string | undefined;
  /**
   * Takes the database away under the running app, as a stopped server does: PGlite is closed; on a
   * PostgreSQL server the database refuses new connections and its open ones are ended.
   */
  stopDatabase(): Promise<void>;
  /** Closes the app; fails when an answer did not match its route's declared schema (`answers.ts`). */
  close(): Promise<void>;
}

interface TestAppOptions {
  /** Adds test-only routes or hooks after the app's own, before `app.ready()`. */
  beforeReady?: (app: FastifyInstance) => void;
  /** The feature list, when a test wraps it (default: the app's own, `features/index.ts`). */
  features?: readonly Feature[];
  /** The jobs the app runs (default: the platform's and the features' own, `jobsOf`). */
  jobs?: readonly JobDefinition[];
  /**
   * A second instance on another app's PostgreSQL database (its `databaseUrl`) instead of a fresh
   * one: dropped by that app's close, not this one's.
   */
  databaseUrl?: string;
  /**
   * Another app instance on the database of `sameDatabaseAs` (on PostgreSQL with a connection pool
   * of its own; on PGlite, one process's database, the same handle), closed by that app's close.
   */
  sameDatabaseAs?: TestApp;
  /** Where the app's log lines go (default: standard output, silent unless LOG_LEVEL says). */
  logStream?: DestinationStream;
}

const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

/**
 * A migrated, empty PGlite data directory as a tar blob. PGlite's initdb costs seconds per database,
 * so it runs once per set of migrations; the dump is kept in the temp folder and reused by every file.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    if (!/\.(sql|json)$/.test(name)) continue;
    hash.update(name).update(await readFile(path.join(migrationsFolder, name)));
  }
  const file = path.join(os.tmpdir(), `airwave-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);

  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file); // atomic: a parallel worker sees the whole file or none
  return dump;
}

/** A fresh database for one test app: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase(sharedUrl?: string) {
  if (sharedUrl) {
    const database = await openDatabase({ url: sharedUrl });
    return { database, url: sharedUrl, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ loadDataDir: await migratedPgliteTemplate() });
    return { database, url: undefined, drop: async () => {} };
  }
  const name = `aw_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The test app's database: a fresh one, or another app's (`databaseUrl`, `sameDatabaseAs`). */
async function databaseOf(options: TestAppOptions) {
  const other = options.sameDatabaseAs;
  if (!other) return freshDatabase(options.databaseUrl);
  if (other.databaseUrl) return freshDatabase(other.databaseUrl);
  const database = {
    db: other.ctx.db,
    kind: "pglite" as const,
    migrate: async () => {},
    close: async () => {},
  };
  return { database, url: undefined, drop: async () => {} };
}

/** The real app on a fresh database, migrated, with its own data folder. Call with env overrides. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SECRET_KEY: "t".repeat(64),
    // No built web client unless a test asks for one: the answers do not depend on `web/dist`.
    WEB_DIST_DIR: dataDir,
    // No radio station unless a test asks for one: nothing polls 127.0.0.1:8000 behind its back.
    STATION: "off",
    // No cams' Janus unless a test asks for one (CAMS=on and JANUS_URL / JANUS_WS_PORT).
    CAMS: "off",
    ...env,
  });
  const { database, url: databaseUrl, drop } = await databaseOf(options);
  let databaseStopped = false;
  await database.migrate();
  const log = createLogger(config.LOG_LEVEL, options.logStream);
  const ctx: AppContext = createContext(config, database.db, log, options.features);
  const routes: RegisteredRoute[] = [];
  let answerProblems: string[] = [];
  const jobs = createJobRunner(ctx, options.jobs ?? jobsOf(ctx.features));
  const app = await buildApp(ctx, {
    jobs,
    configure: (instance) => {
      instance.addHook("onRoute", (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url });
      });
      answerProblems = checkAnswers(instance);
    },
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx,
    config,
    routes,
    jobs,
    databaseUrl,
    async stopDatabase() {
      if (!databaseUrl) {
        databaseStopped = true;
        await database.close();
        return;
      }
      const serverUrl = new URL(databaseUrl);
      const name = serverUrl.pathname.slice(1);
      serverUrl.pathname = "/postgres";
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
          [name],
        );
      } finally {
        await admin.end();
      }
    },
    async close() {
      await app.close();
      ctx.mailer.close();
      if (!databaseStopped) await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
      if (answerProblems.length) {
        throw new Error(
          `Answers that do not match their declared schema:\n${[...new Set(answerProblems)].join("\n")}`,
        );
      }
    },
  };
}
