import { eq } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { scheduleBookings } from "./schema.ts";
import { publishScheduleChanged } from "./service.ts";

/**
 * The schedule in an account deletion: their bookings go with their row (the slots are free again);
 * open schedule pages are told once it has committed, if there were any. The member's row is
 * locked, so no booking of theirs can be added after the count.
 */
export const scheduleAccountDeletion: AccountDeletionStep = {
  tables: [scheduleBookings],
  async inTransaction(ctx, tx, { userId, afterCommit }) {
    const hadBookings = (await tx.$count(scheduleBookings, eq(scheduleBookings.djId, userId))) > 0;
    if (hadBookings) afterCommit(() => publishScheduleChanged(ctx, null));
  },
};
