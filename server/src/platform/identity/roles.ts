import type { Role } from "@airwave/contracts";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `hasRole` (contracts) in SQL: the role column holds `wanted` in any case (the spec compares roles
 * case-insensitively). Whether a ban is in force is another rule: `sqlAccountBanActive`.
 */
export const sqlHasRole = (role: SQLWrapper, wanted: Role): SQL<boolean> =>
  sql<boolean>`(lower(${role}) = ${sql.raw(`'${wanted.toLowerCase()}'`)})`;
