import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  slotEnd,
  slotStart,
  stationDate,
  stationInstant,
  stationMonth,
  stationMonthOf,
  stationParts,
  stationWeek,
  weekSlotStarts,
} from "./station-time.ts";

const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";
const iso = (d: Date) => d.toISOString();
const HOUR_MS = 3_600_000;

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

describe("stationMonth", () => {
  const month = (instant: string, zone: string) => {
    const m = stationMonth(new Date(instant), zone);
    return { key: m.key, start: iso(m.start), end: iso(m.end) };
  };

  it("London, March 2026 (clocks go forward on Sunday the 29th): GMT start, BST end, 1 hour short", () => {
    const march = {
      key: "2026-03",
      start: "2026-03-01T00:00:00.000Z",
      end: "2026-03-31T23:00:00.000Z",
    };
    expect(month("2026-03-01T00:00:00Z", LONDON)).toEqual(march);
    expect(month("2026-03-29T00:59:59Z", LONDON)).toEqual(march); // 00:59:59 GMT, just before the jump
    expect(month("2026-03-29T01:00:00Z", LONDON)).toEqual(march); // 02:00 BST
    expect(month("2026-03-31T22:59:59.999Z", LONDON)).toEqual(march); // 23:59:59.999 BST on the 31st
    expect(month("2026-03-31T23:00:00Z", LONDON).key).toBe("2026-04"); // April 1st 00:00 BST
    expect(month("2026-02-28T23:59:59.999Z", LONDON).key).toBe("2026-02");
    const { start, end } = stationMonth(new Date("2026-03-15T12:00:00Z"), LONDON);
    expect(end.getTime() - start.getTime()).toBe((31 * 24 - 1) * HOUR_MS);
  });

  it("London, October 2026 (clocks go back on Sunday the 25th): BST start, GMT end, 1 hour long", () => {
    const october = {
      key: "2026-10",
      start: "2026-09-30T23:00:00.000Z",
      end: "2026-11-01T00:00:00.000Z",
    };
    expect(month("2026-09-30T22:59:59.999Z", LONDON).key).toBe("2026-09"); // 23:59:59.999 BST on the 30th
    expect(month("2026-09-30T23:00:00Z", LONDON)).toEqual(october); // October 1st 00:00 BST
    expect(month("2026-10-25T00:30:00Z", LONDON)).toEqual(october); // the first 01:30 (BST)
    expect(month("2026-10-25T01:30:00Z", LONDON)).toEqual(october); // the second 01:30 (GMT)
    expect(month("2026-10-31T23:59:59.999Z", LONDON)).toEqual(october);
    expect(month("2026-11-01T00:00:00Z", LONDON).key).toBe("2026-11");
    const { start, end } = stationMonth(new Date("2026-10-15T12:00:00Z"), LONDON);
    expect(end.getTime() - start.getTime()).toBe((31 * 24 + 1) * HOUR_MS);
  });

  it("New York: the month starts at Eastern midnight; November 2026 falls back on the 1st at 02:00", () => {
    expect(month("2026-03-10T12:00:00Z", NEW_YORK)).toEqual({
      key: "2026-03",
      start: "2026-03-01T05:00:00.000Z", // EST
      end: "2026-04-01T04:00:00.000Z", // EDT
    });
    const november = {
      key: "2026-11",
      start: "2026-11-01T04:00:00.000Z", // 00:00 EDT, two hours before the change
      end: "2026-12-01T05:00:00.000Z", // 00:00 EST
    };
    expect(month("2026-11-01T03:59:59.999Z", NEW_YORK).key).toBe("2026-10"); // Oct 31st 23:59:59.999 EDT
    expect(month("2026-11-01T04:00:00Z", NEW_YORK)).toEqual(november);
    expect(month("2026-11-01T06:30:00Z", NEW_YORK)).toEqual(november); // the second 01:30 (EST)
    expect(month("2026-12-01T04:59:59.999Z", NEW_YORK)).toEqual(november);
    expect(month("2026-12-01T05:00:00Z", NEW_YORK).key).toBe("2026-12");
  });

  it("a zone ahead of UTC: Auckland's February starts on January 31st in UTC", () => {
    expect(month("2026-01-31T11:00:00Z", "Pacific/Auckland")).toEqual({
      key: "2026-02",
      start: "2026-01-31T11:00:00.000Z", // 00:00 NZDT (UTC+13)
      end: "2026-02-28T11:00:00.000Z",
    });
    expect(month("2026-01-31T10:59:59.999Z", "Pacific/Auckland").key).toBe("2026-01");
  });

  it("gives a month's bounds by key and steps keys across years", () => {
    expect(addMonths("2026-11", 1)).toBe("2026-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-03", -14)).toBe("2025-01");
    const december = stationMonthOf("2026-12", LONDON);
    expect([december.key, iso(december.start), iso(december.end)]).toEqual([
      "2026-12",
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ]);
    expect(stationMonthOf("2026-10", LONDON)).toEqual(
      stationMonth(new Date("2026-10-25T01:30:00Z"), LONDON),
    );
  });

  it("every instant lies in its month, whose bounds are station midnights on the 1st", () => {
    const zones = [
      LONDON,
      NEW_YORK,
      "UTC",
      "Pacific/Auckland",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const m = stationMonth(new Date(ms), zone);
          expect(m.start.getTime()).toBeLessThanOrEqual(ms);
          expect(ms).toBeLessThan(m.end.getTime());
          expect(stationDate(m.start, zone)).toBe(`${m.key}-01`);
          expect(stationParts(m.start, zone).hour).toBe(0);
          expect(stationMonth(new Date(m.end.getTime() - 1), zone).key).toBe(m.key);
          expect(stationMonth(m.end, zone).key).toBe(addMonths(m.key, 1));
        },
      ),
    );
  });
});

describe("stationDate", () => {
  it("is the station's calendar date, not the UTC one", () => {
    expect(stationDate(new Date("2026-06-30T23:30:00Z"), LONDON)).toBe("2026-07-01");
    expect(stationDate(new Date("2026-07-01T03:30:00Z"), NEW_YORK)).toBe("2026-06-30");
  });
});
