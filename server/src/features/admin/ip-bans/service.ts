import {
  type BannedIpView,
  canonicalIpv4,
  IP_BAN_LIMITS,
  IP_BAN_MESSAGES,
  type IpBanAnswer,
  type IpBansPage,
  isAdminRole,
} from "@airwave/contracts";
import { and, count, desc, eq, exists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import type { DbOrTx } from "../../../platform/db/index.ts";
import { transaction } from "../../../platform/db/transaction.ts";
import { badRequest, conflict, notFound } from "../../../platform/errors.ts";
import { sqlHasRole } from "../../../platform/identity/roles.ts";
import { sessions } from "../../../platform/sessions/schema.ts";
import { endSessions } from "../../../platform/sessions/sessions.ts";
import { ipBans } from "../../auth/schema.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { ipBanPolicy } from "./policy.ts";

/** At most this many banned accounts are listed per IP (the affected count stays exact). */
const BANNED_USERS_SHOWN = 50;

/** `%`, `_` and `\` match themselves in the LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The request's address as an IPv4 text ("::ffff:1.2.3.4" is 1.2.3.4), for comparing with bans. */
function requestIpv4(ip: string): string {
  const plain = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return canonicalIpv4(plain) ?? ip;
}

/** GET: one page of banned IPs, newest first, with who is affected by each. */
export async function listIpBans(
  db: DbOrTx,
  actor: UserRow,
  query: { search: string; page: number },
): Promise<IpBansPage> {
  authorize(ipBanPolicy, "list", actor);
  const pageSize = IP_BAN_LIMITS.pageSize;
  const where: SQL | undefined = query.search
    ? sql`${ipBans.ip} like ${`%${likeLiteral(query.search)}%`} escape '\\'`
    : undefined;
  const admin = alias(users, "banned_by_user");
  // Both sub-selects use the GIN index on users.login_ips (`@>` with a one-element array).
  const affected = sql<number>`(select count(*)::int from ${users} u where u.login_ips @> array[${ipBans.ip}])`;
  const bannedUsers = sql<{ username: string; bannedAt: string | null }[]>`coalesce((
    select json_agg(json_build_object('username', b.username, 'bannedAt', b.banned_at) order by b.banned_at desc nulls last, b.username)
    from (
      select u.username, u.banned_at from ${users} u
      where u.login_ips @> array[${ipBans.ip}] and ${sqlHasRole(sql`u.role`, "banned")}
      order by u.banned_at desc nulls last, u.username
      limit ${BANNED_USERS_SHOWN}
    ) b
  ), '[]'::json)`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        ip: ipBans.ip,
        reason: ipBans.reason,
        bannedAt: ipBans.bannedAt,
        bannedBy: ipBans.bannedBy,
        bannedByUsername: admin.username,
        affectedUsers: affected,
        bannedUsers,
      })
      .from(ipBans)
      .leftJoin(admin, eq(admin.id, ipBans.bannedBy))
      .where(where)
      .orderBy(desc(ipBans.bannedAt), ipBans.ip)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(ipBans).where(where),
  ]);
  const bannedIPs: BannedIpView[] = rows.map((row) => ({
    ip: row.ip,
    reason: row.reason,
    bannedAt: row.bannedAt.toISOString(),
    bannedBy: row.bannedBy,
    bannedByUsername: row.bannedByUsername,
    affectedUsers: Number(row.affectedUsers),
    bannedUsers: row.bannedUsers.map((u) => ({
      username: u.username,
      bannedAt: u.bannedAt ? new Date(u.bannedAt).toISOString() : null,
    })),
  }));
  return { bannedIPs, total: totals[0]?.total ?? 0, page: query.page, pageSize };
}

/**
 * An Admin signs in from `ip`: it is their last login IP, or a live session of theirs came from it.
 * Banning it would end their sessions and refuse their sign-ins; with the admins on one network
 * (an office, a home) an admin elsewhere could lock every admin out.
 */
async function isAdminIp(db: DbOrTx, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sqlHasRole(users.role, "Admin"),
        or(
          eq(users.lastLoginIp, ip),
          exists(
            db
              .select({ one: sql`1` })
              .from(sessions)
              .where(and(eq(sessions.userId, users.id), eq(sessions.ip, ip))),
          ),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Both ban calls (the tab's ban dialog and the user dialog's "ban the user's IP"): the IP is added
 * to the ban list, so new log-ins from it are refused at once (`blacklist`, or `banned_ip` when
 * `userId` is set). Sessions signed in from that IP end too, with the connections opened with them. An admin can never ban the address they are using, nor one
 * an Admin signs in from.
 */
export async function banIp(
  ctx: AppContext,
  actor: UserRow,
  input: { ip: string; reason: string; userId?: string | null },
  requestIp: string,
): Promise<IpBanAnswer> {
  authorize(ipBanPolicy, "ban", actor);
  if (input.ip === requestIpv4(requestIp)) throw badRequest(IP_BAN_MESSAGES.ownIp);
  if (await isAdminIp(ctx.db, input.ip)) throw badRequest(IP_BAN_MESSAGES.adminIp);
  const row = await transaction(ctx, async (tx, afterCommit) => {
    const [row] = await tx
      .insert(ipBans)
      .values({
        ip: input.ip,
        reason: input.reason,
        bannedBy: actor.id,
        userId: input.userId ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await endSessions({ tx, afterCommit, realtime: ctx.realtime }, { ip: input.ip });
    return row;
  });
  if (!row) throw conflict(IP_BAN_MESSAGES.alreadyBanned);
  return {
    ok: true,
    ban: {
      ip: row.ip,
      reason: row.reason,
      bannedAt: row.bannedAt.toISOString(),
      userId: row.userId,
    },
  };
}

/** The user dialog's "ban the user's IP": their last login IP, banned together with the account. */
export async function banUserIp(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  reason: string,
  requestIp: string,
): Promise<IpBanAnswer> {
  authorize(ipBanPolicy, "ban", actor);
  const [target] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound(IP_BAN_MESSAGES.userNotFound);
  if (isAdminRole(target.role)) throw badRequest(IP_BAN_MESSAGES.adminIp);
  const ip = target.lastLoginIp ? canonicalIpv4(requestIpv4(target.lastLoginIp)) : null;
  if (!ip) throw badRequest(IP_BAN_MESSAGES.noLoginIp);
  return banIp(ctx, actor, { ip, reason, userId: target.id }, requestIp);
}

/** DELETE: the IP may log in again. */
export async function unbanIp(db: DbOrTx, actor: UserRow, rawIp: string) {
  authorize(ipBanPolicy, "unban", actor);
  const ip = canonicalIpv4(rawIp) ?? rawIp.trim();
  const removed = await db.delete(ipBans).where(eq(ipBans.ip, ip)).returning({ ip: ipBans.ip });
  if (removed.length === 0) throw notFound(IP_BAN_MESSAGES.notBanned);
  return { ok: true as const };
}
