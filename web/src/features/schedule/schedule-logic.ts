import { isAdminRole, type ScheduleDay, type ScheduleSlot } from "@airwave/contracts";

/** Slots are one hour long. */
export const SLOT_MS = 3_600_000;

/** Who looks at the schedule (null: a visitor, read-only). */
export interface Viewer {
  id: string;
  username: string;
  role?: string;
  isDj?: boolean;
}

/** What the Actions column offers for a slot. */
type SlotAction = "book" | "cancel" | "djOnly" | "ended" | "none";

export const isBooked = (slot: ScheduleSlot) => !!(slot.djId || slot.djName);

/** The slot's hour is over (its start instant comes from the server, in station time). */
export function slotEnded(slot: ScheduleSlot, now: number): boolean {
  if (!slot.timeStamp) return false;
  const start = Date.parse(slot.timeStamp);
  return Number.isFinite(start) && start + SLOT_MS <= now;
}

/** A day before today: every one of its slots has ended. */
export const dayIsPast = (day: ScheduleDay, now: number) =>
  day.slots.length > 0 && day.slots.every((s) => slotEnded(s, now));

/**
 * Today's tab: the first day that is not over. -1 when every day is over (an answer from last week,
 * about to be reloaded): then no day counts as past.
 */
export const todayIndex = (days: ScheduleDay[], now: number) =>
  days.findIndex((d) => !dayIsPast(d, now));

/**
 * Spec sections 2 and 6: the slot's DJ and admins may cancel a booking; DJs and admins book a free
 * slot that has not ended; other members see 'DJ Only'. The server checks all of it again.
 */
export function slotAction(slot: ScheduleSlot, viewer: Viewer | null, now: number): SlotAction {
  if (!viewer) return "none";
  const admin = isAdminRole(viewer.role);
  if (isBooked(slot)) {
    const mine = slot.djId
      ? slot.djId === viewer.id
      : slot.djName?.toLowerCase() === viewer.username.toLowerCase();
    return admin || mine ? "cancel" : "none";
  }
  if (slotEnded(slot, now)) return "ended";
  return admin || viewer.isDj ? "book" : "djOnly";
}
