import { POINTS_API, SCHEDULE_ROUTES } from "@airwave/contracts";
import { vi } from "vitest";
import { json, mockFetch } from "../../test/fake-session.tsx";

/**
 * The games' component tests (coin flip, battleships, the arcade): stubs the server's HTTP side,
 * the member's points (a function, so a test may change them) and the schedule carrying the
 * station's time zone. Returns the fetch mock.
 */
export function serverAnswers(points: () => number, timeZone = "Europe/London") {
  return mockFetch(({ path }) => {
    if (path === POINTS_API.myPoints) return json({ points: points() });
    if (path === SCHEDULE_ROUTES.week.path) return json({ days: [], timeZone });
    return json({}, 404);
  });
}

/**
 * A day the points games are open (not the month-end freeze, decisions: from the 25th to the 1st):
 * the wager dialogs' and offers' tests run on it whatever today is. Only `Date` is faked.
 */
export function onAnOpenDay() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
}
