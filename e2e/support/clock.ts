import { addMonths, type ScheduleAnswer, stationMonth } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { CLOCK_SEAM } from "../../server/src/platform/clock-seam.ts";
import { adminApi } from "./fixtures.ts";

/**
 * The app's clock and the page's, moved for tests about a day of the month (the test seam
 * `PUT /api/test-seams/clock`, TEST_SEAMS=on in the browser tests' apps only, and Playwright's page
 * clock). Always to a day of a past month: background jobs keep their last runs in the past.
 */

export async function stationTimeZone(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/auth/schedule")).json()) as ScheduleAnswer).timeZone;
}

/** Day `day` at 12:00 UTC of the month `monthsBack` months before this one (always in the past). */
export function dayOfPastMonth(timeZone: string, monthsBack: number, day: number): Date {
  const month = addMonths(stationMonth(new Date(), timeZone).key, -monthsBack);
  return new Date(`${month}-${String(day).padStart(2, "0")}T12:00:00Z`);
}

/** Moves the app's clock (the test seam, as the admin) and the page's to `at`; both run on. */
export async function moveClocks(at: Date, page?: Page) {
  const admin = await adminApi();
  const res = await admin.put(CLOCK_SEAM, { at: at.toISOString() });
  expect(res.status(), "the clock seam").toBe(200);
  await admin.dispose();
  await page?.clock.setSystemTime(at);
}

/** Gives the app its own clock back (call after each test that moved it). */
export async function restoreClock() {
  const admin = await adminApi();
  expect((await admin.put(CLOCK_SEAM, { at: null })).status()).toBe(200);
  await admin.dispose();
}
