import { ipBans } from "../../src/features/auth/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/**
 * `n` IP bans `${prefix}.0` … `${prefix}.(n-1)`, written straight to the table; ban `i` is `i`
 * seconds older than ban `i - 1`, so the newest-first list starts with `${prefix}.0`.
 */
export async function buildIpBans(
  db: DbOrTx,
  n: number,
  { prefix = "192.0.2", bannedBy = null }: { prefix?: string; bannedBy?: string | null } = {},
) {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    ip: `${prefix}.${i}`,
    reason: `Factory ban ${i}`,
    bannedAt: new Date(now - i * 1000),
    bannedBy,
  }));
  return db.insert(ipBans).values(rows).returning();
}
