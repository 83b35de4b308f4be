import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../../scripts/lib/postgres.mjs";
import { openDatabase } from "./index.ts";

/**
 * Two instances starting at once against one empty PostgreSQL database (issue: scale-out): both
 * come up, and every migration is applied once. Runs on TEST_DATABASE_URL's server when there is
 * one, else on a throw-away server of its own.
 */

const migrations = readdirSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle"),
).filter((f) => f.endsWith(".sql"));

let server: { url: string; stop(): Promise<void> } | undefined;
let serverUrl: string;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    server = await startPostgres();
    serverUrl = server.url;
  }
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("migrations at start", () => {
  it("two instances migrating one empty database at once both succeed, each migration applied once", async () => {
    const name = `aw_mig_${Date.now().toString(36)}`;
    await query(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all([
      openDatabase({ url: url.toString() }),
      openDatabase({ url: url.toString() }),
    ]);
    try {
      const results = await Promise.allSettled([a.migrate(), b.migrate()]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      const applied = await query(
        url.toString(),
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(applied[0]?.n).toBe(migrations.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await query(serverUrl, `drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
