import { stationWeek } from "@airwave/contracts";
import { and, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { Db } from "../../platform/db/index.ts";
import { type PeriodicJob, periodicJob } from "../../platform/periodic-job.ts";
import { scheduleNow } from "./clock.ts";
import { scheduleBookings } from "./schema.ts";
import { publishScheduleChanged } from "./service.ts";

/** How often the job looks (cheap: one indexed delete, usually of nothing). */
export const WEEK_RESET_INTERVAL_MS = 60_000;

/** The advisory lock that makes one instance at a time do the reset (any 64-bit key of our own). */
const LOCK_KEY = sql`hashtextextended('airwave:schedule:week-reset', 0)`;

/**
 * Monday 00:00 reset (decisions "Schedule and DJs"): deletes the non-permanent bookings of weeks
 * before the one `now` falls in. Runs in a transaction holding a transaction-level advisory lock, so
 * across several app instances one does the work; the others find the lock taken and skip (answer
 * `null`). Answers how many bookings were removed.
 */
export async function resetPastWeeks(db: Db, timeZone: string, now: Date): Promise<number | null> {
  const { weekStart } = stationWeek(now, timeZone);
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return null;
    const removed = await tx
      .delete(scheduleBookings)
      .where(and(eq(scheduleBookings.perm, false), lt(scheduleBookings.weekStart, weekStart)))
      .returning({ id: scheduleBookings.id });
    return removed.length;
  });
}

export type WeekResetJob = PeriodicJob;

/** The reset as a periodic job: once at start, then every `intervalMs`; a failed run is logged. */
export function weekResetJob(ctx: AppContext, intervalMs = WEEK_RESET_INTERVAL_MS): WeekResetJob {
  return periodicJob(
    ctx.log,
    "schedule: week reset",
    async () => {
      const removed = await resetPastWeeks(ctx.db, ctx.config.STATION_TIMEZONE, scheduleNow(ctx));
      if (!removed) return;
      ctx.log.info({ removed }, "schedule: bookings of past weeks removed");
      // Only the instance that removed them tells the open pages (the others skipped the lock).
      publishScheduleChanged(ctx, null);
    },
    intervalMs,
  );
}
