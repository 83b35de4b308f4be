import { POINTS_API, SCHEDULE_ROUTES } from "@airwave/contracts";
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
