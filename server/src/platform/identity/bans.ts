import { hasRole } from "@airwave/contracts";
import type { UserRow } from "./users.schema.ts";

/**
 * An account ban is active while the role is `banned` and its expiry (if any) has not passed.
 * Here, beside the users table, because the platform's request and socket authentication need it.
 */
export function isAccountBanActive(
  user: Pick<UserRow, "role" | "banExpiresAt">,
  now = new Date(),
): boolean {
  if (!hasRole(user.role, "banned")) return false;
  return !user.banExpiresAt || user.banExpiresAt > now;
}
