import { trafficLog } from "../../src/features/admin/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/** Traffic rows written straight to the table (e.g. old ones for the purge), `ageMs` ago. */
export async function buildTrafficRows(
  db: DbOrTx,
  n: number,
  overrides: { ip?: string; path?: (i: number) => string; method?: string; ageMs?: number } = {},
) {
  const {
    ip = "203.0.113.50",
    path = (i) => `/factory/${i}`,
    method = "GET",
    ageMs = 0,
  } = overrides;
  const at = new Date(Date.now() - ageMs);
  const rows = Array.from({ length: n }, (_, i) => ({ ip, path: path(i), method, at }));
  return db.insert(trafficLog).values(rows).returning();
}
