import { eq } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { scheduleBookings } from "./schema.ts";
import { publishScheduleChanged } from "./service.ts";

/**
 * The schedule in an account deletion: their bookings go with their row (the slots are free again);
 * open schedule pages are told once it has committed, if there were any.
 */
export const scheduleAccountDeletion: AccountDeletionStep = {
  tables: [scheduleBookings],
  async beforeTransaction(ctx, userId) {
    const hadBookings =
      (await ctx.db.$count(scheduleBookings, eq(scheduleBookings.djId, userId))) > 0;
    return hadBookings ? () => publishScheduleChanged(ctx, null) : undefined;
  },
};
