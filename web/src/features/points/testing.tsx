import { SCHEDULE_ROUTES } from "@airwave/contracts";
import { vi } from "vitest";
import { json } from "../../test/fake-session.tsx";

/** The station's time zone of the points screens' tests (the schedule's answer names it). */
export const TEST_TIME_ZONE = "Europe/London";

/** The browser's clock at `iso` (only `Date`: timers stay real for react-query and waitFor). */
export function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

/** Answers GET /schedule with the station's time zone (how the web learns it), else undefined. */
export function scheduleAnswer(path: string): Response | undefined {
  if (path === SCHEDULE_ROUTES.week.path) return json({ days: [], timeZone: TEST_TIME_ZONE });
  return undefined;
}

export { renderInRoom } from "../chat/room/testing.tsx";
