import { PATHS, SCHEDULE_MESSAGES, SCHEDULE_TEXTS, type ScheduleAnswer } from "@airwave/contracts";
import { type Browser, expect, type Page } from "@playwright/test";
import {
  adminApi,
  apiSession,
  baseUrl,
  type Credentials,
  screenshot,
  seeded,
  signInWithApi,
  test,
} from "../support/fixtures.ts";

/** Today's last slot is always open to booking (it ends at midnight). */
const LAST_SLOT = "23:00 - 00:00";
/**
 * A change must show well before the one-minute poll (`SCHEDULE_LIMITS.pollMs`) could bring it: it
 * came over the live connection.
 */
const LIVE = { timeout: 10_000 };

/** A browser context of its own, signed in through the login screen; other origins are refused. */
async function openAs(browser: Browser, who: Credentials) {
  const origin = new URL(baseUrl()).origin;
  const context = await browser.newContext({ baseURL: baseUrl() });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("internetdisconnected"),
  );
  const page = await context.newPage();
  await signInWithApi(page, who);
  await expect(page).toHaveURL(/\/home$/);
  return { context, page };
}

const slotRow = (page: Page, timeSlot: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: timeSlot, exact: true }) });

/** Today's day name as the station counts it: the tab the schedule opens on. */
const todayTab = async (page: Page) =>
  (await page.getByRole("tab", { selected: true }).getAttribute("aria-label")) ?? "";

/** Whatever a failed run left behind: the seeded DJ's bookings are cancelled through the API. */
test.afterEach(async () => {
  const dj = seeded().dj;
  const session = await apiSession(dj);
  const week = (await (await session.get("/api/auth/schedule")).json()) as ScheduleAnswer;
  for (const day of week.days) {
    for (const slot of day.slots.filter((s) => s.djName === dj.username)) {
      await session.post("/api/auth/schedule/delete", { day: day.day, timeSlot: slot.timeSlot });
    }
  }
  await session.dispose();
});

test("a booking, a cancel and a wipe show on other members' open schedules without a reload", async ({
  browser,
  openMember,
}) => {
  // Two members watching: one on the schedule page (1280), one on the home page's tab (390).
  const watcher = await openMember();
  await watcher.page.goto(PATHS.schedule);
  await expect(watcher.page.getByRole("heading", { name: SCHEDULE_TEXTS.title })).toBeVisible();
  await watcher.live();
  const phone = await openMember({ viewport: { width: 390, height: 844 } });
  await phone.page.goto(`${PATHS.home}?tab=schedule`);
  await phone.live();
  const watched = slotRow(watcher.page, LAST_SLOT);
  const watchedOnPhone = slotRow(phone.page, LAST_SLOT);
  await expect(watched.getByText(SCHEDULE_TEXTS.available, { exact: true })).toBeVisible();
  await expect(watchedOnPhone.getByText(SCHEDULE_MESSAGES.availableSlot)).toBeVisible();

  // The DJ books today's last slot on their own schedule page.
  const dj = seeded().dj;
  const { context, page } = await openAs(browser, dj);
  await page.goto(PATHS.schedule);
  const today = await todayTab(page);
  const row = slotRow(page, LAST_SLOT);
  await row.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  const dialog = page.getByRole("dialog", { name: SCHEDULE_TEXTS.bookTitle(today, LAST_SLOT) });
  await dialog.getByRole("textbox", { name: /Genre/ }).fill("Deep House");
  await dialog.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  await expect(page.getByRole("dialog", { name: SCHEDULE_MESSAGES.bookedTitle })).toBeVisible();

  // Both watchers see it, without reloading, well inside the poll's minute.
  await expect(watched.getByText(SCHEDULE_TEXTS.booked, { exact: true })).toBeVisible(LIVE);
  await expect(watched.getByRole("link", { name: dj.username })).toBeVisible();
  await expect(watched.getByRole("cell", { name: "Deep House" })).toBeVisible();
  await expect(watchedOnPhone.getByRole("link", { name: dj.username })).toBeVisible(LIVE);
  await watched.scrollIntoViewIfNeeded();
  await screenshot(watcher.page, "schedule-live-booked-1280", { fullPage: false });
  await watchedOnPhone.scrollIntoViewIfNeeded();
  await screenshot(phone.page, "schedule-live-home-tab-390", { fullPage: false });

  // The DJ cancels: the slot is free again on the watchers' pages.
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await row.getByRole("button", { name: SCHEDULE_TEXTS.cancel }).click();
  await expect(page.getByRole("dialog", { name: SCHEDULE_MESSAGES.deletedTitle })).toBeVisible();
  await expect(watched.getByText(SCHEDULE_TEXTS.available, { exact: true })).toBeVisible(LIVE);
  await expect(watchedOnPhone.getByText(SCHEDULE_MESSAGES.availableSlot)).toBeVisible(LIVE);
  await context.close();

  // Booked again (through the API), then an admin wipes the week: it empties live too.
  const djApi = await apiSession(dj);
  const again = await djApi.post("/api/auth/schedule/book", {
    day: today,
    timeSlot: LAST_SLOT,
    genre: "Jungle",
  });
  expect(again.status()).toBe(200);
  await djApi.dispose();
  await expect(watched.getByRole("cell", { name: "Jungle" })).toBeVisible(LIVE);
  await expect(watchedOnPhone.getByText("Jungle")).toBeVisible(LIVE);
  const admin = await adminApi();
  expect((await admin.post("/api/auth/wipe", {})).status()).toBe(200);
  await admin.dispose();
  await expect(watched.getByText(SCHEDULE_TEXTS.available, { exact: true })).toBeVisible(LIVE);
  await expect(watchedOnPhone.getByText(SCHEDULE_MESSAGES.availableSlot)).toBeVisible(LIVE);
  await screenshot(phone.page, "schedule-live-wiped-390", { fullPage: false });
});
