import { randomUUID } from "node:crypto";
import { scheduleBookings } from "../../src/features/schedule/schema.ts";
import type { UserRow } from "../../src/features/users/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";
import { buildUser } from "../factories.ts";

/** A member with `isDj` (books slots for self). */
export const buildDj = (db: DbOrTx, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, { isDj: true, ...overrides });

/**
 * A booking written straight to the table (no checks): slot `day` (0 = Monday) and `hour` of the
 * week starting `weekStart` (the Monday, station date), non-permanent unless `perm`.
 */
export async function buildBooking(
  db: DbOrTx,
  dj: Pick<UserRow, "id">,
  values: { day: number; hour: number; weekStart: string; genre?: string; perm?: boolean },
) {
  const [row] = await db
    .insert(scheduleBookings)
    .values({ id: randomUUID(), djId: dj.id, genre: "House", perm: false, ...values })
    .returning();
  if (!row) throw new Error("booking insert returned no row");
  return row;
}
