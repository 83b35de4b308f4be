import { describe, expect, it } from "vitest";
import {
  addDays,
  slotEnd,
  slotStart,
  stationInstant,
  stationParts,
  stationWeek,
  weekSlotStarts,
} from "./station-time.ts";

const LONDON = "Europe/London";
const iso = (d: Date) => d.toISOString();

describe("stationWeek", () => {
  it.each([
    // [instant (UTC), zone, Monday of its week, weekday]
    ["2025-06-11T11:30:00Z", LONDON, "2025-06-09", 2], // Wednesday, BST
    ["2025-06-08T23:00:00Z", LONDON, "2025-06-09", 0], // Monday 00:00 BST is Sunday 23:00 UTC
    ["2025-06-08T22:59:59Z", LONDON, "2025-06-02", 6], // one second before: still Sunday
    ["2025-03-30T22:59:59Z", LONDON, "2025-03-24", 6], // Sunday 23:59:59 BST, the day clocks went forward
    ["2025-03-30T23:00:00Z", LONDON, "2025-03-31", 0], // Monday 00:00 BST
    ["2025-10-26T23:59:59Z", LONDON, "2025-10-20", 6], // Sunday 23:59:59 GMT, the day clocks went back
    ["2025-10-27T00:00:00Z", LONDON, "2025-10-27", 0], // Monday 00:00 GMT
    ["2025-01-01T12:00:00Z", "America/New_York", "2024-12-30", 2], // across a year boundary
    ["2025-06-08T23:00:00Z", "UTC", "2025-06-02", 6],
    ["2025-06-08T15:00:00Z", "Pacific/Auckland", "2025-06-09", 0], // UTC+12: already Monday 03:00
  ])("%s in %s is in the week of %s, weekday %i", (instant, zone, weekStart, today) => {
    expect(stationWeek(new Date(instant), zone)).toEqual({ weekStart, today });
  });
});

describe("stationInstant and slot starts", () => {
  it("maps a wall-clock hour to its UTC instant in winter and summer", () => {
    expect(iso(stationInstant("2025-01-15", 20, LONDON))).toBe("2025-01-15T20:00:00.000Z");
    expect(iso(stationInstant("2025-07-15", 20, LONDON))).toBe("2025-07-15T19:00:00.000Z");
    expect(iso(stationInstant("2025-07-15", 20, "America/New_York"))).toBe(
      "2025-07-16T00:00:00.000Z",
    );
  });

  it("handles the spring-forward Sunday: 01:00 does not exist, the hours around it do", () => {
    expect(iso(stationInstant("2025-03-30", 0, LONDON))).toBe("2025-03-30T00:00:00.000Z");
    // The skipped hour maps to the instant the clocks jumped to, like 02:00.
    expect(iso(stationInstant("2025-03-30", 1, LONDON))).toBe("2025-03-30T01:00:00.000Z");
    expect(iso(stationInstant("2025-03-30", 2, LONDON))).toBe("2025-03-30T01:00:00.000Z");
    expect(iso(stationInstant("2025-03-30", 3, LONDON))).toBe("2025-03-30T02:00:00.000Z");
  });

  it("handles the fall-back Sunday: 01:00 happens twice and the first one counts", () => {
    expect(iso(stationInstant("2025-10-26", 0, LONDON))).toBe("2025-10-25T23:00:00.000Z");
    expect(iso(stationInstant("2025-10-26", 1, LONDON))).toBe("2025-10-26T00:00:00.000Z");
    expect(iso(stationInstant("2025-10-26", 2, LONDON))).toBe("2025-10-26T02:00:00.000Z");
  });

  it("gives each slot of a week its start and end; Sunday 23:00 ends at next Monday 00:00", () => {
    expect(iso(slotStart("2025-03-24", 0, 0, LONDON))).toBe("2025-03-24T00:00:00.000Z");
    expect(iso(slotStart("2025-03-24", 6, 23, LONDON))).toBe("2025-03-30T22:00:00.000Z");
    expect(iso(slotEnd("2025-03-24", 6, 23, LONDON))).toBe("2025-03-30T23:00:00.000Z");
    expect(iso(slotEnd("2025-03-24", 2, 9, LONDON))).toBe("2025-03-26T10:00:00.000Z");

    const week = weekSlotStarts("2025-10-20", LONDON);
    expect(week).toHaveLength(7);
    expect(week.every((day) => day.length === 24)).toBe(true);
    expect(iso(week[0]?.[0] as Date)).toBe("2025-10-19T23:00:00.000Z");
    expect(iso(week[6]?.[23] as Date)).toBe("2025-10-26T23:00:00.000Z");
  });
});

describe("calendar helpers", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2025-03-24", 6)).toBe("2025-03-30");
    expect(addDays("2025-03-31", -1)).toBe("2025-03-30");
    expect(addDays("2024-12-30", 3)).toBe("2025-01-02");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("reads the station's wall clock, Monday as weekday 0", () => {
    expect(stationParts(new Date("2025-06-09T10:05:06Z"), LONDON)).toEqual({
      year: 2025,
      month: 6,
      day: 9,
      hour: 11,
      minute: 5,
      second: 6,
      weekday: 0,
    });
    // Midnight is hour 0, never 24.
    expect(stationParts(new Date("2025-06-08T23:00:00Z"), LONDON).hour).toBe(0);
  });
});
