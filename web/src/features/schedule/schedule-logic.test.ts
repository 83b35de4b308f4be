import { type ScheduleDay, type ScheduleSlot, TIME_SLOTS, WEEKDAYS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import {
  dayIsPast,
  SLOT_MS,
  slotAction,
  slotEnded,
  todayIndex,
  type Viewer,
} from "./schedule-logic.ts";

const NOW = Date.parse("2025-06-11T11:30:00Z");
const free = (startMs: number): ScheduleSlot => ({
  _id: "x",
  timeSlot: "12:00 - 13:00",
  timeStamp: new Date(startMs).toISOString(),
  djName: null,
  djId: null,
  genre: null,
  djProfilePicture: null,
  perm: false,
});
const booked = (startMs: number, djId: string, djName: string): ScheduleSlot => ({
  ...free(startMs),
  djId,
  djName,
  genre: "House",
});

const member: Viewer = { id: "m", username: "mia", role: "user", isDj: false };
const dj: Viewer = { id: "d", username: "dan", role: "user", isDj: true };
const admin: Viewer = { id: "a", username: "ada", role: "Admin", isDj: false };
const moderator: Viewer = { id: "o", username: "oli", role: "Moderator", isDj: false };

const future = NOW + SLOT_MS;
const current = NOW - SLOT_MS / 2; // started half an hour ago: still open
const past = NOW - 2 * SLOT_MS;

describe("slotAction", () => {
  it.each([
    ["a visitor, free slot", null, free(future), "none"],
    ["a visitor, booked slot", null, booked(future, "d", "dan"), "none"],
    ["a member, free slot", member, free(future), "djOnly"],
    ["a moderator, free slot", moderator, free(future), "djOnly"],
    ["a DJ, free slot", dj, free(future), "book"],
    ["a DJ, the current hour", dj, free(current), "book"],
    ["a DJ, a slot that ended", dj, free(past), "ended"],
    ["a member, a slot that ended", member, free(past), "ended"],
    ["an admin, free slot", admin, free(future), "book"],
    ["a DJ, own booking", dj, booked(future, "d", "dan"), "cancel"],
    ["a DJ, own booking that ended", dj, booked(past, "d", "dan"), "cancel"],
    ["a DJ, another DJ's booking", dj, booked(future, "e", "eve"), "none"],
    ["a member, a booking", member, booked(future, "d", "dan"), "none"],
    ["a moderator, a booking", moderator, booked(future, "d", "dan"), "none"],
    ["an admin, anyone's booking", admin, booked(future, "d", "dan"), "cancel"],
    [
      "a DJ, own booking known by name only",
      dj,
      { ...booked(future, "", "DAN"), djId: null },
      "cancel",
    ],
  ] as const)("%s → %s", (_name, viewer, slot, expected) => {
    expect(slotAction(slot, viewer, NOW)).toBe(expected);
  });
});

describe("days and hours that are over", () => {
  const week: ScheduleDay[] = WEEKDAYS.map((day, d) => ({
    day,
    slots: TIME_SLOTS.map((timeSlot, h) => ({
      ...free(Date.parse("2025-06-08T23:00:00Z") + (d * 24 + h) * SLOT_MS),
      timeSlot,
    })),
  }));

  it("finds today (Wednesday) and counts the days before it as past", () => {
    expect(todayIndex(week, NOW)).toBe(2);
    expect(week.map((d) => dayIsPast(d, NOW))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("ends a slot when its hour is over", () => {
    const wednesday = week[2]?.slots ?? [];
    // 12:30 BST: 11:00 - 12:00 is over, 12:00 - 13:00 is running.
    expect(slotEnded(wednesday[11] as ScheduleSlot, NOW)).toBe(true);
    expect(slotEnded(wednesday[12] as ScheduleSlot, NOW)).toBe(false);
  });

  it("answers -1 for a week that is entirely over", () => {
    expect(todayIndex(week, Date.parse("2025-06-16T12:00:00Z"))).toBe(-1);
  });
});
