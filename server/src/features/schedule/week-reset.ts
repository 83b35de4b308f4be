import { stationWeek } from "@airwave/contracts";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../platform/db/index.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { scheduleBookings } from "./schema.ts";
import { publishScheduleChanged } from "./service.ts";

/** How often the job looks (cheap: one indexed delete, usually of nothing). */
const WEEK_RESET_INTERVAL_MS = 60_000;

/**
 * Monday 00:00 reset (decisions "Schedule and DJs"): deletes the non-permanent bookings of weeks
 * before the one `now` falls in. Answers how many bookings were removed. Safe to repeat; across
 * several app instances the job runner makes one of them do it (`lock: true`).
 */
export async function resetPastWeeks(db: Db, timeZone: string, now: Date): Promise<number> {
  const { weekStart } = stationWeek(now, timeZone);
  const removed = await db
    .delete(scheduleBookings)
    .where(and(eq(scheduleBookings.perm, false), lt(scheduleBookings.weekStart, weekStart)))
    .returning({ id: scheduleBookings.id });
  return removed.length;
}

export const WEEK_RESET_JOB = "schedule: week reset";

/** The reset as a job: at start, then every minute, on one instance at a time. */
export const weekResetJob = defineJob({
  name: WEEK_RESET_JOB,
  every: WEEK_RESET_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    const removed = await resetPastWeeks(ctx.db, ctx.config.STATION_TIMEZONE, ctx.clock.now());
    if (!removed) return;
    ctx.log.info({ removed }, "schedule: bookings of past weeks removed");
    // Only the instance that removed them tells the open pages (the others skipped the lock).
    publishScheduleChanged(ctx, null);
  },
});
