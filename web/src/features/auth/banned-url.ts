import { PATHS } from "@airwave/contracts";

/** The /banned address for a login refused by a ban; the IP is the one the server saw. */
export function bannedPageUrl(ban: {
  reason: string;
  message?: string;
  banReason?: string | null;
  bannedAt?: string | null;
  banExpiresAt?: string | null;
  ip?: string;
}) {
  const q = new URLSearchParams({ reason: ban.reason });
  if (ban.message) q.set("detail", ban.message);
  if (ban.banReason) q.set("banReason", ban.banReason);
  if (ban.bannedAt) q.set("bannedAt", ban.bannedAt);
  if (ban.banExpiresAt) q.set("until", ban.banExpiresAt);
  if (ban.ip) q.set("ip", ban.ip);
  return `${PATHS.banned}?${q}`;
}

/** A force-kick whose reason mentions a ban sends the member to /banned (chat spec 4). */
export const mentionsBan = (reason: string) => /\bban/i.test(reason);

/** Where a member whose connection was closed by the server goes after being signed out. */
export function kickDestination(reason: string): string {
  if (!mentionsBan(reason)) return PATHS.root;
  const detail = reason.replace(/^You have been banned:?\s*/i, "").trim();
  return bannedPageUrl({ reason: "account_banned", ...(detail ? { banReason: detail } : {}) });
}
