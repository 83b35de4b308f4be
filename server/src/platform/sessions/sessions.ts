import { createHash, randomBytes } from "node:crypto";
import { AUTH_LIMITS } from "@airwave/contracts";
import { and, eq, getTableColumns, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { prepared } from "../db/prepared.ts";
import { type UserRow, users } from "../identity/users.schema.ts";
import { defineJob } from "../jobs/index.ts";
import { sessions } from "./schema.ts";

export const SESSION_COOKIE = "aw_sid";

const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: DbOrTx,
  userId: string,
  meta: { ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + AUTH_LIMITS.sessionTtlMs);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

const userColumns = Object.entries(getTableColumns(users));
// json_build_object takes at most 100 arguments: a key and a value for each of 50 columns.
if (userColumns.length > 50) throw new Error("users has over 50 columns: split userRowJson");

/**
 * The user's row as one JSON text, keys as in `UserRow`: node-postgres then describes and parses one
 * field instead of one per column, which was the largest part of a session lookup's cost in Node.
 */
const userRowJson = sql<string>`json_build_object(${sql.join(
  userColumns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}::text, ${column}`),
  sql`, `,
)})::text`;

/** A `UserRow` from `userRowJson`'s text, each value as Drizzle maps the column (dates, arrays). */
function userRowFromJson(text: string): UserRow {
  const row = JSON.parse(text) as Record<string, unknown>;
  for (const [key, column] of userColumns) {
    const value = row[key];
    if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
  }
  return row as UserRow;
}

/** The user of a live session, or null for an unknown or expired token. Runs on every request. */
export async function resolveSession(db: DbOrTx, token: string): Promise<UserRow | null> {
  const statement = prepared(db, "session_user", (name) =>
    db
      .select({ user: userRowJson })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, sql.placeholder("hash")), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare(name),
  );
  const rows = await statement.execute({ hash: hashToken(token) });
  const text = rows[0]?.user;
  return text ? userRowFromJson(text) : null;
}

export async function destroySession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user (ban, password reset). */
export async function destroyUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes the sessions that ended before `now`; answers how many went. */
async function pruneExpiredSessions(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ userId: sessions.userId });
  return gone.length;
}

export const PRUNE_SESSIONS_JOB = "sessions: prune expired";

/** Expired sessions are refused at once (`resolveSession`); this job deletes their rows, hourly. */
export const pruneSessionsJob = defineJob({
  name: PRUNE_SESSIONS_JOB,
  every: 3_600_000,
  lock: true,
  run: async (ctx) => {
    const removed = await pruneExpiredSessions(ctx.db, ctx.clock.now());
    if (removed) ctx.log.info({ removed }, "sessions: expired sessions removed");
  },
});
