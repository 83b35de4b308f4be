import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADMIN_DELTA_MAX_TEXT,
  adminPointsGrantSchema,
  POINTS_LIMITS,
  POINTS_MESSAGES,
  pointsPeriod,
} from "./points.ts";
import { POINTS_UI_TEXTS } from "./points-ui.ts";
import { stationParts } from "./station-time.ts";

const LONDON = "Europe/London";
const at = (iso: string) => pointsPeriod(new Date(iso), LONDON);
const iso = (d: Date) => d.toISOString();

describe("pointsPeriod in Europe/London", () => {
  it("a summer month: its bounds and the freeze at station midnight (BST, UTC+1)", () => {
    const p = at("2026-07-10T12:00:00Z");
    expect({ ...p, start: iso(p.start), freezeStart: iso(p.freezeStart), end: iso(p.end) }).toEqual(
      {
        month: "2026-07",
        start: "2026-06-30T23:00:00.000Z",
        freezeStart: "2026-07-24T23:00:00.000Z",
        end: "2026-07-31T23:00:00.000Z",
        frozen: false,
      },
    );
  });

  it.each([
    // [instant (UTC), month, frozen]: around the freeze start and the month end
    ["2026-07-24T22:59:59.999Z", "2026-07", false], // 24th 23:59:59.999 BST
    ["2026-07-24T23:00:00.000Z", "2026-07", true], // 25th 00:00 BST
    ["2026-07-31T22:59:59.999Z", "2026-07", true], // 31st 23:59:59.999 BST
    ["2026-07-31T23:00:00.000Z", "2026-08", false], // 1st 00:00 BST: a new month, not frozen
    ["2026-01-24T23:59:59.999Z", "2026-01", false], // winter (GMT = UTC)
    ["2026-01-25T00:00:00.000Z", "2026-01", true],
    ["2026-01-31T23:59:59.999Z", "2026-01", true],
    ["2026-02-01T00:00:00.000Z", "2026-02", false],
    ["2026-12-31T23:59:59.999Z", "2026-12", true], // across the year
    ["2027-01-01T00:00:00.000Z", "2027-01", false],
  ])("%s is in %s, frozen %s", (instant, month, frozen) => {
    expect(at(instant)).toMatchObject({ month, frozen });
  });

  it("March, clocks forward on the 29th: the freeze starts in GMT, the month ends in BST", () => {
    const p = at("2026-03-28T12:00:00Z");
    expect([iso(p.start), iso(p.freezeStart), iso(p.end), p.frozen]).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-03-25T00:00:00.000Z",
      "2026-03-31T23:00:00.000Z",
      true,
    ]);
    // The hour after the change (01:00 GMT = 02:00 BST) is frozen March; 23:00 UTC on the 31st is April.
    expect(at("2026-03-29T01:30:00Z")).toMatchObject({ month: "2026-03", frozen: true });
    expect(at("2026-03-31T22:59:59Z")).toMatchObject({ month: "2026-03", frozen: true });
    expect(at("2026-03-31T23:00:00Z")).toMatchObject({ month: "2026-04", frozen: false });
  });

  it("October, clocks back on the 25th itself: the freeze starts at 00:00 BST, the month ends at 00:00 GMT", () => {
    const p = at("2026-10-20T12:00:00Z");
    expect([iso(p.start), iso(p.freezeStart), iso(p.end), p.frozen]).toEqual([
      "2026-09-30T23:00:00.000Z",
      "2026-10-24T23:00:00.000Z",
      "2026-11-01T00:00:00.000Z",
      false,
    ]);
    expect(at("2026-10-24T22:59:59Z").frozen).toBe(false);
    // 01:30 BST and then 01:30 GMT (the hour that happens twice): both frozen October.
    expect(at("2026-10-25T00:30:00Z")).toMatchObject({ month: "2026-10", frozen: true });
    expect(at("2026-10-25T01:30:00Z")).toMatchObject({ month: "2026-10", frozen: true });
    expect(at("2026-10-31T23:59:59Z")).toMatchObject({ month: "2026-10", frozen: true });
    expect(at("2026-11-01T00:00:00Z")).toMatchObject({ month: "2026-11", frozen: false });
  });

  it("October 2025, clocks back on the 26th: the freeze starts at 00:00 BST the day before", () => {
    const p = at("2025-10-26T12:00:00Z");
    expect([iso(p.freezeStart), iso(p.end), p.frozen]).toEqual([
      "2025-10-24T23:00:00.000Z",
      "2025-11-01T00:00:00.000Z",
      true,
    ]);
  });

  it("for any instant: start <= now < end, frozen exactly from the 25th of the station's calendar", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01Z"),
          max: new Date("2035-12-31Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(LONDON, "America/New_York", "Pacific/Auckland", "UTC"),
        (now, zone) => {
          const p = pointsPeriod(now, zone);
          expect(p.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime()).toBeLessThan(p.end.getTime());
          const wall = stationParts(now, zone);
          expect(p.frozen).toBe(wall.day >= POINTS_LIMITS.freezeStartDay);
          expect(p.month).toBe(`${wall.year}-${String(wall.month).padStart(2, "0")}`);
          expect(stationParts(p.freezeStart, zone)).toMatchObject({ day: 25, hour: 0, minute: 0 });
        },
      ),
    );
  });
});

describe("the admin's grant", () => {
  it.each([0, 1.5, "3", null])("refuses %s with the spec's message", (delta) => {
    const r = adminPointsGrantSchema.safeParse({ delta });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(POINTS_MESSAGES.nonZeroInteger);
  });
  it("takes a positive or negative integer", () => {
    expect(adminPointsGrantSchema.parse({ delta: -7 })).toEqual({ delta: -7 });
    expect(adminPointsGrantSchema.parse({ delta: 10 })).toEqual({ delta: 10 });
  });
  it("refuses a number beyond the largest grant with its own message", () => {
    const r = adminPointsGrantSchema.safeParse({ delta: POINTS_LIMITS.adminDeltaMax + 1 });
    expect(r.error?.issues[0]?.message).toBe(POINTS_MESSAGES.deltaTooLarge);
  });
  it("writes the largest grant as en-GB does, without asking Intl at load", () => {
    expect(ADMIN_DELTA_MAX_TEXT).toBe(POINTS_LIMITS.adminDeltaMax.toLocaleString("en-GB"));
    expect(POINTS_MESSAGES.deltaTooLarge).toBe("Enter a number between -1,000,000 and 1,000,000");
  });
});

describe("the member's points chip", () => {
  it("says what the number is, also in its short form on a phone", () => {
    expect(POINTS_UI_TEXTS.myPointsShort(1200)).toBe("1,200 pts");
    expect(POINTS_UI_TEXTS.myPoints(1)).toBe("1 point");
  });
});
