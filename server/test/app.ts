import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/platform/app.ts";
import { type Config, loadConfig } from "../src/platform/config.ts";
import type { AppContext } from "../src/platform/context.ts";
import { openDatabase } from "../src/platform/db/index.ts";
import { createMailer } from "../src/platform/mail.ts";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database for one test app: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
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
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The real app on a fresh database, migrated, with its own data folder. Call with env overrides. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SECRET_KEY: "t".repeat(64),
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const log = pino({ level: config.LOG_LEVEL });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(dataDir, "outbox"),
    log,
  });
  const ctx: AppContext = { config, db: database.db, mailer, log };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
