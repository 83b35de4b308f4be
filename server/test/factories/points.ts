import { randomUUID } from "node:crypto";
import { POINTS_REASONS } from "@airwave/contracts";
import { pointsLedger, pointsMembers } from "../../src/features/points/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/**
 * A change in a member's points ledger (an admin grant unless overridden), at `at`: points a member
 * already has this month, or had in an earlier one.
 */
export async function buildPoints(
  db: DbOrTx,
  userId: string,
  delta: number,
  overrides: { at?: Date; reason?: string; reference?: string | null } = {},
) {
  // Every change of a member's points holds their points_members row (the scoreboard starts there).
  await db.insert(pointsMembers).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .insert(pointsLedger)
    .values({
      id: randomUUID(),
      userId,
      delta,
      reason: overrides.reason ?? POINTS_REASONS.admin,
      reference: overrides.reference ?? null,
      createdAt: overrides.at ?? new Date(),
    })
    .returning();
  if (!row) throw new Error("points insert returned no row");
  return row;
}
