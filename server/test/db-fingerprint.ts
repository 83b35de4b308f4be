import { sql } from "drizzle-orm";
import type { DbOrTx } from "../src/platform/db/index.ts";

/**
 * Tables that change on any request or sign-in, not by what a call does; and `job_runs`, which the
 * app's own job timers write as time passes (the coin flip's sweep every 2 s): a test slower than
 * that on a busy machine saw it change between two fingerprints.
 */
const VOLATILE = new Set(["traffic_log", "rate_limits", "__drizzle_migrations", "job_runs"]);

/**
 * A fingerprint of every table's contents (row count and a hash of all rows), to show that a
 * refused call changed nothing. Sessions are compared by their keys only (a lookup may refresh them).
 */
export async function databaseFingerprint(db: DbOrTx): Promise<Record<string, string>> {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of rowsOf<{ table_name: string }>(tables)) {
    if (VOLATILE.has(name)) continue;
    const row = name === "sessions" ? sql.raw("t.id_hash") : sql.raw("t::text");
    const result = await db.execute(
      sql`select count(*)::text as n, md5(string_agg(md5(${row}), '' order by md5(${row}))) as h
          from ${sql.identifier(name)} t`,
    );
    const [first] = rowsOf<{ n: string; h: string | null }>(result);
    out[name] = `${first?.n}:${first?.h ?? ""}`;
  }
  return out;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
