import { RADIO_LIMITS, slotEnd, slotStart, stationWeek, TIME_SLOTS } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { getSchedule } from "../schedule/service.ts";

/**
 * STATION_ENFORCE_SCHEDULE: whether `now` lies in a slot booked for `djId`, widened by the grace
 * period on both sides (10 minutes). Looks at the weeks of `now - grace` and `now + grace` too, so
 * a slot right across the Monday 00:00 week change counts.
 */
export async function insideBookedSlot(
  ctx: AppContext,
  djId: string,
  now: Date,
  graceMs: number = RADIO_LIMITS.scheduleGraceMs,
): Promise<boolean> {
  const timeZone = ctx.config.STATION_TIMEZONE;
  const instants = [now, new Date(now.getTime() - graceMs), new Date(now.getTime() + graceMs)];
  const seen = new Set<string>();
  for (const instant of instants) {
    const { weekStart } = stationWeek(instant, timeZone);
    if (seen.has(weekStart)) continue;
    seen.add(weekStart);
    const schedule = await getSchedule(ctx, instant);
    for (const [day, { slots }] of schedule.days.entries()) {
      for (const slot of slots) {
        if (slot.djId !== djId) continue;
        const hour = TIME_SLOTS.indexOf(slot.timeSlot);
        const from = slotStart(weekStart, day, hour, timeZone).getTime() - graceMs;
        const to = slotEnd(weekStart, day, hour, timeZone).getTime() + graceMs;
        if (now.getTime() >= from && now.getTime() < to) return true;
      }
    }
  }
  return false;
}
