import { randomUUID } from "node:crypto";
import type { ApplyDjValues } from "@airwave/contracts";
import { djApplications } from "../../src/features/dj/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/** A complete, valid Apply DJ form (override any field). */
export const djApplicationInput = (over: Partial<ApplyDjValues> = {}): ApplyDjValues => ({
  experience: "Five years of warehouse sets and a weekly residency at The Cellar.",
  equipment: "Pioneer XDJ-RX3, Shure SM58, Focusrite Scarlett 2i2",
  availability: "Friday and Saturday nights, 22:00 to 02:00",
  genres: ["House", "Techno"],
  mixcloud: "https://www.mixcloud.com/example-dj/",
  ...over,
});

/**
 * A DJ application of `userId` stored directly (no credentials, no DJ status: approve it through
 * the API for those), submitted `ageMs` ago.
 */
export async function buildDjApplication(
  db: DbOrTx,
  userId: string,
  overrides: Partial<typeof djApplications.$inferInsert> & { ageMs?: number } = {},
) {
  const { ageMs = 0, ...values } = overrides;
  const [row] = await db
    .insert(djApplications)
    .values({
      id: randomUUID(),
      userId,
      status: "pending",
      ...djApplicationInput(),
      submittedAt: new Date(Date.now() - ageMs),
      ...values,
    })
    .returning();
  if (!row) throw new Error("dj application insert returned no row");
  return row;
}
