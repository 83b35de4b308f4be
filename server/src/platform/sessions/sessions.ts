import { createHash, randomBytes } from "node:crypto";
import { AUTH_LIMITS, AUTH_MESSAGES, type ForceKickEvent } from "@airwave/contracts";
import { and, eq, getTableColumns, gt, lt, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, DbOrTx } from "../db/index.ts";
import { prepared } from "../db/prepared.ts";
import { type TxScope, transaction } from "../db/transaction.ts";
import { type UserRow, users } from "../identity/users.schema.ts";
import { defineJob } from "../jobs/index.ts";
import type { Realtime } from "../realtime/index.ts";
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

/**
 * The Socket.IO room of one session's sockets (every namespace): named by the session's stored hash,
 * never by its token, so a room name that crosses instances (Redis) cannot sign anyone in.
 */
export const sessionRoom = (idHash: string) => `session:${idHash}`;

/** Which sessions end: one (a logout), a member's, those signed in from an IP, or the expired. */
export type SessionsToEnd =
  | { token: string }
  | { userId: string }
  | { ip: string }
  | { expiredBefore: Date };

function sessionsWhere(which: SessionsToEnd): SQL {
  if ("token" in which) return eq(sessions.idHash, hashToken(which.token));
  if ("userId" in which) return eq(sessions.userId, which.userId);
  if ("ip" in which) return eq(sessions.ip, which.ip);
  return lt(sessions.expiresAt, which.expiredBefore);
}

/**
 * The one way sessions end (logout, sign out everywhere, password reset, bans, IP bans, expiry):
 * their rows go in `scope`'s transaction, and once it has committed every socket opened with them,
 * in every namespace and on every instance (through the adapter), receives `force-kick` (`kick`,
 * by default "your session has ended"; a function of the session when each session is told its
 * own, such as a ban's record with the address it signed in from) and closes. Answers the sessions
 * ended.
 */
export async function endSessions(
  scope: TxScope & { realtime: Realtime },
  which: SessionsToEnd,
  kick: ForceKickEvent | ((session: EndedSession) => ForceKickEvent) = {
    reason: AUTH_MESSAGES.sessionEnded,
  },
): Promise<EndedSession[]> {
  const ended = await scope.tx
    .delete(sessions)
    .where(sessionsWhere(which))
    .returning({ idHash: sessions.idHash, userId: sessions.userId, ip: sessions.ip });
  if (ended.length > 0)
    scope.afterCommit(() => {
      if (typeof kick !== "function")
        scope.realtime.disconnectSessions(
          ended.map((s) => s.idHash),
          kick,
        );
      else for (const s of ended) scope.realtime.disconnectSessions([s.idHash], kick(s));
    });
  return ended;
}

/** A session `endSessions` ended: its key's hash, its member, the address it signed in from. */
export interface EndedSession {
  idHash: string;
  userId: string;
  ip: string | null;
}

/** `endSessions` in a transaction of its own. */
export function endSessionsNow(
  ctx: { db: Db; log: Logger; realtime: Realtime },
  which: SessionsToEnd,
  kick?: ForceKickEvent | ((session: EndedSession) => ForceKickEvent),
) {
  return transaction(ctx, (tx, afterCommit) =>
    endSessions({ tx, afterCommit, realtime: ctx.realtime }, which, kick),
  );
}

export const PRUNE_SESSIONS_JOB = "sessions: prune expired";

/**
 * Expired sessions are refused at once (`resolveSession`); this job deletes their rows, hourly, and
 * closes the sockets still open with them.
 */
export const pruneSessionsJob = defineJob({
  name: PRUNE_SESSIONS_JOB,
  every: 3_600_000,
  lock: true,
  run: async (ctx) => {
    const removed = (await endSessionsNow(ctx, { expiredBefore: ctx.clock.now() })).length;
    if (removed) ctx.log.info({ removed }, "sessions: expired sessions removed");
  },
});
