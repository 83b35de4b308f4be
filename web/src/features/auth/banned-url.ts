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
