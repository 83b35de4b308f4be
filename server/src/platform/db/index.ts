import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths.ts";

/**
 * Handles carry no table schema: every query names its tables (the query builder), none uses
 * Drizzle's relational `db.query` API, so the platform needs no list of the features' tables.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = migrationsDir;

/**
 * When the newest migration this code ships was made (drizzle's journal, `when` in ms): a database
 * with a row as new as this in `drizzle.__drizzle_migrations` has every migration applied.
 */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Opens PostgreSQL: a server when `url` is given, otherwise embedded PGlite in `dataDir` (or in memory),
 * optionally starting from a data directory dumped earlier (`loadDataDir`: tests reuse a migrated one).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  /** Connections to a PostgreSQL server (not used for PGlite). */
  poolSize?: number;
  /** Called when an idle pooled connection fails (PostgreSQL server only). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // Named statements are only used for the hot paths (platform/db/prepared.ts), whose plans do
      // not depend on the values: plan them once per connection instead of on every execution.
      options: "-c plan_cache_mode=force_generic_plan",
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on("error", (err) => opts.onIdleError?.(err));
    const db = drizzleNodePg({ client: pool }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () =>
        underMigrationLock(opts.url as string, () =>
          migrateNodePg(db as never, { migrationsFolder }),
        ),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Runs the migrations while holding a PostgreSQL advisory lock on a connection of its own, so that
 * instances starting at once against one database apply them one after the other: the first applies
 * them, the others find them applied (drizzle's migrator alone lets two starts race and one fail).
 */
async function underMigrationLock(url: string, run: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('airwave:migrate'))");
    await run();
  } finally {
    await lock.end();
  }
}
