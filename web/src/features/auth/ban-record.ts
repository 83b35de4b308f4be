import { BAN_REASONS, type BanReason, PATHS } from "@airwave/contracts";

/**
 * What the /banned page shows: a ban answer of the server (the login's 403, the guard's auth status,
 * a force-kick's reason), kept in this tab's sessionStorage on the way there. The page never reads
 * its URL: a link to /banned cannot put words on it.
 */
export interface BanRecord {
  reason: BanReason;
  banReason?: string | null;
  bannedAt?: string | null;
  banExpiresAt?: string | null;
  ip?: string | null;
}

const BAN_RECORD_KEY = "airwave.banRecord";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/**
 * Keeps the server's ban answer (e.g. the login's 403 body) for the /banned page and returns that
 * page's address. Only the record's own fields are kept, and only as text.
 */
export function rememberBan(ban: { reason: BanReason; [field: string]: unknown }): string {
  const record: BanRecord = {
    reason: ban.reason,
    banReason: text(ban.banReason),
    bannedAt: text(ban.bannedAt),
    banExpiresAt: text(ban.banExpiresAt),
    ip: text(ban.ip),
  };
  try {
    sessionStorage.setItem(BAN_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Storage refused (private mode, quota): the page shows its generic text.
  }
  return PATHS.banned;
}

/** The ban answer kept by `rememberBan` in this tab, or null. */
export function rememberedBan(): BanRecord | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(BAN_RECORD_KEY) ?? "null");
    if (!raw || typeof raw !== "object") return null;
    const r = raw as Record<string, unknown>;
    const reason = BAN_REASONS.find((known) => known === r.reason);
    if (!reason) return null;
    return {
      reason,
      banReason: text(r.banReason),
      bannedAt: text(r.bannedAt),
      banExpiresAt: text(r.banExpiresAt),
      ip: text(r.ip),
    };
  } catch {
    return null;
  }
}

/** Forgets the kept ban answer (leaving /banned for the login page, a successful sign-in). */
export function forgetBan() {
  try {
    sessionStorage.removeItem(BAN_RECORD_KEY);
  } catch {
    // Nothing kept.
  }
}

/** A force-kick whose reason mentions a ban sends the member to /banned (chat spec 4). */
export const mentionsBan = (reason: string) => /\bban/i.test(reason);

/**
 * Where a member whose connection was closed by the server goes after being signed out: /banned
 * with the kick's ban record kept (the server's, as a refused sign-in answers it), or with its
 * reason's text when it names a ban without one; else the start page. `kick` is the `force-kick`
 * payload off the wire (unchecked), or its reason.
 */
export function kickDestination(kick: unknown): string {
  const fields = typeof kick === "object" && kick !== null ? (kick as Record<string, unknown>) : {};
  const ban =
    typeof fields.ban === "object" && fields.ban !== null
      ? (fields.ban as Record<string, unknown>)
      : null;
  const banReason = BAN_REASONS.find((known) => known === ban?.reason);
  if (ban && banReason) return rememberBan({ ...ban, reason: banReason });
  const reason = typeof kick === "string" ? kick : (text(fields.reason) ?? "");
  if (!mentionsBan(reason)) return PATHS.root;
  const detail = reason.replace(/^You have been banned:?\s*/i, "").trim();
  return rememberBan({ reason: "account_banned", banReason: detail || null });
}
