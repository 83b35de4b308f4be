import { randomUUID } from "node:crypto";
import {
  addDays,
  type BookSlotAnswer,
  BROADCAST_EVENTS,
  type bookSlotSchema,
  type deleteSlotSchema,
  SCHEDULE_MESSAGES,
  type ScheduleAnswer,
  type ScheduleChangedEvent,
  type ScheduleSlot,
  type StationDate,
  slotBookedFor,
  slotEnd,
  stationWeek,
  TIME_SLOTS,
  WEEKDAYS,
  weekSlotStarts,
} from "@airwave/contracts";
import { and, eq, lt, or } from "drizzle-orm";
import type { z } from "zod";
import { adminOnly, authorize } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { findUserByUsername } from "../users/lookup.ts";
import { type UserRow, users } from "../users/schema.ts";
import { schedulePolicy } from "./policy.ts";
import { scheduleBookings } from "./schema.ts";

type BookInput = z.output<typeof bookSlotSchema>;
type DeleteInput = z.output<typeof deleteSlotSchema>;

/** Bookings shown in the week starting `weekStart`: permanent ones, and those made for that week. */
const visibleIn = (weekStart: StationDate) =>
  or(eq(scheduleBookings.perm, true), eq(scheduleBookings.weekStart, weekStart));

const slotOf = (day: number, hour: number) =>
  and(eq(scheduleBookings.day, day), eq(scheduleBookings.hour, hour));

/** The slot a request names: weekday index (0 = Monday) and starting hour. */
const slotIndex = (input: { day: string; timeSlot: string }) => ({
  day: WEEKDAYS.indexOf(input.day as (typeof WEEKDAYS)[number]),
  hour: TIME_SLOTS.indexOf(input.timeSlot),
});

/**
 * Tells every connected socket that the week changed (no personal data: open schedule views reload
 * it). Visitors have no socket and keep polling.
 */
export function publishScheduleChanged(ctx: AppContext, day: ScheduleChangedEvent["day"]) {
  const payload: ScheduleChangedEvent = { day };
  ctx.realtime.publish(BROADCAST_EVENTS.scheduleChanged, payload, { all: true });
}

/**
 * GET /schedule: the current station week, Monday to Sunday, 24 slots each. A non-permanent booking
 * of an earlier week never shows, whether or not the week-reset job has removed it yet.
 */
export async function getSchedule(ctx: AppContext, now = ctx.clock.now()): Promise<ScheduleAnswer> {
  const timeZone = ctx.config.STATION_TIMEZONE;
  const { weekStart } = stationWeek(now, timeZone);
  const rows = await ctx.db
    .select({
      day: scheduleBookings.day,
      hour: scheduleBookings.hour,
      djId: scheduleBookings.djId,
      genre: scheduleBookings.genre,
      perm: scheduleBookings.perm,
      djName: users.username,
      djProfilePicture: users.profileimage,
    })
    .from(scheduleBookings)
    .innerJoin(users, eq(users.id, scheduleBookings.djId))
    .where(visibleIn(weekStart));
  const booked = new Map(rows.map((r) => [`${r.day}-${r.hour}`, r]));
  const starts = weekSlotStarts(weekStart, timeZone);

  const days = WEEKDAYS.map((day, d) => ({
    day,
    date: addDays(weekStart, d),
    slots: TIME_SLOTS.map((timeSlot, hour): ScheduleSlot => {
      const _id = `${d}-${hour}`;
      const row = booked.get(_id);
      return {
        _id,
        timeSlot,
        timeStamp: starts[d]?.[hour]?.toISOString(),
        djName: row?.djName ?? null,
        djId: row?.djId ?? null,
        genre: row?.genre ?? null,
        djProfilePicture: row?.djProfilePicture ?? null,
        perm: row?.perm ?? false,
      };
    }),
  }));
  return { days, timeZone };
}

/** The DJ a booking is for: an admin names one; anyone else books for self. */
async function bookingDj(ctx: AppContext, actor: UserRow, djName: string | undefined) {
  if (adminOnly(actor)) {
    if (!djName) throw badRequest(SCHEDULE_MESSAGES.selectDj);
    return findUserByUsername(ctx.db, djName);
  }
  // A name other than one's own is refused by the policy (only the actor matches it).
  return !djName || djName.toLowerCase() === actor.username.toLowerCase() ? actor : null;
}

/**
 * POST /schedule/book: one booking per slot, for today up to Sunday midnight. Race-free: the unique
 * (day, hour) index decides between concurrent bookings; a left-over booking of an earlier week in
 * that slot is removed in the same transaction first.
 */
export async function bookSlot(
  ctx: AppContext,
  actor: UserRow,
  input: BookInput,
): Promise<BookSlotAnswer> {
  const dj = await bookingDj(ctx, actor, input.djName);
  authorize(schedulePolicy, "book", actor, dj, input.perm);
  // Refused by the policy already; this only tells the type checker.
  if (!dj) throw notFound(SCHEDULE_MESSAGES.djNotFound);

  const now = ctx.clock.now();
  const timeZone = ctx.config.STATION_TIMEZONE;
  const { weekStart, today } = stationWeek(now, timeZone);
  const { day, hour } = slotIndex(input);
  if (day < today) throw badRequest(SCHEDULE_MESSAGES.dayPassed);
  if (slotEnd(weekStart, day, hour, timeZone) <= now) throw badRequest(SCHEDULE_MESSAGES.slotEnded);

  const booked = await transaction(ctx, async (tx, afterCommit) => {
    await tx
      .delete(scheduleBookings)
      .where(
        and(
          slotOf(day, hour),
          eq(scheduleBookings.perm, false),
          lt(scheduleBookings.weekStart, weekStart),
        ),
      );
    const inserted = await tx
      .insert(scheduleBookings)
      .values({
        id: randomUUID(),
        day,
        hour,
        djId: dj.id,
        genre: input.genre,
        perm: input.perm,
        weekStart,
        bookedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: scheduleBookings.id });
    if (inserted.length > 0) afterCommit(() => publishScheduleChanged(ctx, input.day));
    return inserted.length > 0;
  });
  if (!booked) throw conflict(SCHEDULE_MESSAGES.slotTaken);

  const message = dj.id === actor.id ? SCHEDULE_MESSAGES.booked : slotBookedFor(dj.username);
  return { message, ...(await getSchedule(ctx, now)) };
}

/** POST /schedule/delete: the slot's DJ or an admin cancels its booking. */
export async function deleteSlot(
  ctx: AppContext,
  actor: UserRow,
  input: DeleteInput,
): Promise<ScheduleAnswer> {
  const now = ctx.clock.now();
  const { weekStart } = stationWeek(now, ctx.config.STATION_TIMEZONE);
  const { day, hour } = slotIndex(input);
  const [booking] = await ctx.db
    .select({ id: scheduleBookings.id, djId: scheduleBookings.djId })
    .from(scheduleBookings)
    .where(and(slotOf(day, hour), visibleIn(weekStart)))
    .limit(1);
  if (!booking) throw notFound(SCHEDULE_MESSAGES.slotEmpty);
  authorize(schedulePolicy, "cancel", actor, booking);

  const deleted = await ctx.db
    .delete(scheduleBookings)
    .where(eq(scheduleBookings.id, booking.id))
    .returning({ id: scheduleBookings.id });
  // Cancelled by someone else a moment ago.
  if (deleted.length === 0) throw notFound(SCHEDULE_MESSAGES.slotEmpty);
  publishScheduleChanged(ctx, input.day);
  return getSchedule(ctx, now);
}

/** POST /wipe: an admin clears every booking, permanent ones included. */
export async function wipeSchedule(ctx: AppContext, actor: UserRow): Promise<ScheduleAnswer> {
  authorize(schedulePolicy, "wipe", actor);
  await ctx.db.delete(scheduleBookings);
  publishScheduleChanged(ctx, null);
  return getSchedule(ctx);
}
