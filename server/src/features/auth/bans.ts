import { type BanReason, CHAT_MESSAGES, type ForceKickEvent } from "@airwave/contracts";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { memberBanReason } from "../../platform/identity/bans.ts";
import { sqlHasRole } from "../../platform/identity/roles.ts";
import { type UserRow, users } from "../users/schema.ts";
import { ipBans } from "./schema.ts";

export { isAccountBanActive, memberBanReason } from "../../platform/identity/bans.ts";

/**
 * The columns an account ban sets (admin and chat bans alike): role banned, the reason, the end and
 * who banned, keeping the role held before (a second ban of a banned member keeps the first one's).
 * `with`: for a related account banned along with another, that account's id (else a ban of its own).
 */
export const banColumns = (ban: {
  reason: string | null;
  expiresAt: Date | null;
  by: string;
  with?: string | null;
}) => ({
  role: "banned",
  roleBeforeBan: sql`case when ${sqlHasRole(users.role, "banned")} then ${users.roleBeforeBan} else ${users.role} end`,
  banReason: ban.reason,
  bannedAt: new Date(),
  banExpiresAt: ban.expiresAt,
  bannedBy: ban.by,
  bannedWith: ban.with ?? null,
});

/** The columns an unban (or an expired ban lifting itself) sets: the role held before the ban back. */
export const unbanColumns = () => ({
  role: sql`coalesce(${users.roleBeforeBan}, 'user')`,
  roleBeforeBan: null,
  banReason: null,
  bannedAt: null,
  banExpiresAt: null,
  bannedBy: null,
  bannedWith: null,
});

/**
 * Lifts the account bans whose end has passed at `now` (of one member with `userId`, else of all):
 * one UPDATE that changes a row only while it is still banned and still expired, so a sign-in, the
 * job and an admin's unban or new ban at the same moment never undo each other. The users trigger
 * refreshes the `author_banned` copies on the member's posts in the same statement. Answers the rows
 * as they now are. "Expired" is the ban rule's complement among banned roles (`hasRole(banned)` and
 * not `isAccountBanActive`), written with plain column comparisons so the partial index on
 * `ban_expires_at` serves it; bans.parity.test.ts checks it lifts exactly those.
 */
export function liftExpiredBans(db: DbOrTx, now: Date, userId?: string): Promise<UserRow[]> {
  return db
    .update(users)
    .set(unbanColumns())
    .where(
      and(
        userId === undefined ? undefined : eq(users.id, userId),
        sqlHasRole(users.role, "banned"),
        isNotNull(users.banExpiresAt),
        lte(users.banExpiresAt, now),
      ),
    )
    .returning();
}

/** The ban kind for a request's IP: `banned_ip` when banned together with an account, else `blacklist`. */
export async function ipBanReason(db: DbOrTx, ip: string): Promise<BanReason | null> {
  const rows = await db
    .select({ userId: ipBans.userId })
    .from(ipBans)
    .where(eq(ipBans.ip, ip))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return row.userId ? "banned_ip" : "blacklist";
}

/**
 * The `force-kick` a ban's ended sessions receive (`endSessions`, one per session): its reason
 * mentions the ban, so the member's open pages move to /banned, and it carries the ban's record as
 * a refused sign-in would answer it (reason, date, end, the address the session signed in from).
 * The chat room's ban and the admin's ban both end this way; a related account's kick says it was
 * banned together with another account (`memberBanReason`), never that account's reason.
 */
export function banKick(
  ban: Pick<UserRow, "banReason" | "bannedAt" | "banExpiresAt"> & {
    bannedWith?: string | null;
  },
): (session: { ip: string | null }) => ForceKickEvent {
  const told = { banReason: ban.banReason, bannedWith: ban.bannedWith ?? null };
  const reason = told.bannedWith || told.banReason ? memberBanReason(told) : null;
  return (session) => ({
    reason: reason ? `${CHAT_MESSAGES.bannedReason}: ${reason}` : CHAT_MESSAGES.bannedReason,
    ban: {
      reason: "account_banned",
      banReason: memberBanReason(told),
      bannedAt: ban.bannedAt?.toISOString() ?? null,
      banExpiresAt: ban.banExpiresAt?.toISOString() ?? null,
      ip: session.ip,
    },
  });
}
