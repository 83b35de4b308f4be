import { AUTH_MESSAGES, hasRole } from "@airwave/contracts";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { UserRow } from "./users.schema.ts";

/**
 * The account-ban rule, once in TypeScript and once in SQL, side by side.
 *
 * An account ban is in force while the role is `banned` (in any case) and the ban has no end or ends
 * after `now`. Here, beside the users table, because the platform's request and socket
 * authentication need it.
 */
export function isAccountBanActive(
  user: Pick<UserRow, "role" | "banExpiresAt">,
  now = new Date(),
): boolean {
  if (!hasRole(user.role, "banned")) return false;
  return !user.banExpiresAt || user.banExpiresAt > now;
}

/**
 * The same rule in SQL: the database function `airwave_account_banned(role, ban_expires_at, at)`
 * (migration 0017_account_ban_rule.sql), which the posts triggers use for their `author_banned`
 * copy too. `at` defaults to the statement's `now()`. bans.parity.test.ts checks that this and
 * `isAccountBanActive` answer alike on one table of fixtures, on PGlite and on PostgreSQL.
 */
export const sqlAccountBanActive = (
  role: SQLWrapper,
  banExpiresAt: SQLWrapper,
  at: SQLWrapper | Date = sql`now()`,
): SQL<boolean> =>
  sql<boolean>`airwave_account_banned(${role}, ${banExpiresAt}, ${at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at})`;

/**
 * The reason a banned member is told (a refused sign-in, a ban's force-kick): their ban's own reason,
 * or, for a related account banned together with another, that fact and never the other's reason.
 */
export function memberBanReason(user: Pick<UserRow, "banReason" | "bannedWith">): string {
  if (user.bannedWith) return AUTH_MESSAGES.bannedWithAnother;
  return user.banReason || AUTH_MESSAGES.bannedNoReason;
}
