import {
  PATHS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TEXTS,
  type ScheduleAnswer,
  slotBookedFor,
  WEEKDAYS,
  type Weekday,
} from "@airwave/contracts";
import { type Browser, expect, type Page } from "@playwright/test";
import {
  adminCredentials,
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

/** A browser context of its own, signed in through the login screen; other origins are refused. */
async function openAs(browser: Browser, who: Credentials, width = 1280) {
  const origin = new URL(baseUrl()).origin;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width > 600 ? 800 : 844 },
  });
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

async function openSchedule(page: Page) {
  await page.goto(PATHS.schedule);
  await expect(page.getByRole("heading", { name: SCHEDULE_TEXTS.title })).toBeVisible();
  await expect(page.getByText(SCHEDULE_MESSAGES.policy, { exact: false })).toBeVisible();
  // Today's tab is selected and on screen, at every width.
  await expect(page.getByRole("tab", { selected: true })).toBeInViewport();
}

test("a DJ books today's last slot, everyone sees it, and the DJ cancels it", async ({
  browser,
  page: visitorPage,
}) => {
  const dj = seeded().dj;
  const { context, page } = await openAs(browser, dj);
  await openSchedule(page);

  // Days before today are disabled; today's tab is the selected one.
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(7);
  const selected =
    (await page.getByRole("tab", { selected: true }).getAttribute("aria-label")) ?? "";
  expect(WEEKDAYS).toContain(selected);
  for (const day of WEEKDAYS.slice(0, WEEKDAYS.indexOf(selected as Weekday))) {
    await expect(page.getByRole("tab", { name: day })).toBeDisabled();
  }

  const row = slotRow(page, LAST_SLOT);
  await expect(row.getByText(SCHEDULE_TEXTS.available, { exact: true })).toBeVisible();
  await row.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  const dialog = page.getByRole("dialog", { name: SCHEDULE_TEXTS.bookTitle(selected, LAST_SLOT) });
  await expect(dialog).toBeVisible();
  const width = (await dialog.boundingBox())?.width ?? 0;
  expect(width).toBeLessThanOrEqual(520);
  await dialog.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  await expect(dialog.getByText(SCHEDULE_MESSAGES.genreRequired)).toBeVisible();
  await dialog.getByRole("textbox", { name: /Genre/ }).fill("Drum & Bass");
  await screenshot(page, "schedule-booking-dialog-1280", { fullPage: false });
  await dialog.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();

  const booked = page.getByRole("dialog", { name: SCHEDULE_MESSAGES.bookedTitle });
  await expect(booked).toContainText(SCHEDULE_MESSAGES.booked);
  await booked.getByRole("button", { name: "OK" }).click();
  await expect(row.getByRole("link", { name: dj.username })).toHaveAttribute(
    "href",
    PATHS.user(dj.username),
  );
  await expect(row.getByText(SCHEDULE_TEXTS.booked, { exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Drum & Bass" })).toBeVisible();
  await expect(row.getByRole("button", { name: SCHEDULE_TEXTS.cancel })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "schedule-dj-booked-1280");

  // A visitor sees the booking on the public home page's Schedule tab, read-only.
  await visitorPage.goto(`${PATHS.home}?tab=schedule`);
  const publicRow = slotRow(visitorPage, LAST_SLOT);
  await expect(publicRow.getByRole("link", { name: dj.username })).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: SCHEDULE_TEXTS.book })).toHaveCount(0);
  await expect(visitorPage.getByRole("columnheader", { name: SCHEDULE_TEXTS.actions })).toHaveCount(
    0,
  );
  await screenshot(visitorPage, "schedule-home-tab-1280");

  // The DJ cancels; the slot is available again (and stays so after a reload).
  await row.getByRole("button", { name: SCHEDULE_TEXTS.cancel }).click();
  const deleted = page.getByRole("dialog", { name: SCHEDULE_MESSAGES.deletedTitle });
  await expect(deleted).toBeVisible();
  await deleted.getByRole("button", { name: "OK" }).click();
  await expect(row.getByText(SCHEDULE_TEXTS.available, { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    slotRow(page, LAST_SLOT).getByRole("button", { name: SCHEDULE_TEXTS.book }),
  ).toBeVisible();
  await context.close();
});

test("a DJ's schedule and booking dialog at 390 px", async ({ browser }) => {
  const { context, page } = await openAs(browser, seeded().dj, 390);
  await openSchedule(page);
  await screenshot(page, "schedule-dj-390");
  await slotRow(page, LAST_SLOT).getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await screenshot(page, "schedule-booking-dialog-390", { fullPage: false });
  await page.getByRole("dialog").getByRole("button", { name: SCHEDULE_TEXTS.cancel }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  // The page fits the phone: no sideways scrolling.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("an admin books a permanent slot for a chosen DJ and cancels it", async ({ browser }) => {
  const dj = seeded().dj;
  const { context, page } = await openAs(browser, adminCredentials(), 390);
  await openSchedule(page);
  await expect(page.getByRole("button", { name: SCHEDULE_TEXTS.wipeSchedule })).toBeVisible();

  const row = slotRow(page, LAST_SLOT);
  await row.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /Genre/ }).fill("Techno");
  await dialog.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();
  await expect(dialog.getByText(SCHEDULE_MESSAGES.selectDj)).toBeVisible();
  await dialog.getByRole("combobox", { name: SCHEDULE_TEXTS.bookFor }).click();
  await page.getByRole("option", { name: dj.username }).click();
  await dialog.getByRole("checkbox", { name: SCHEDULE_TEXTS.permanentBooking }).check();
  await screenshot(page, "schedule-admin-dialog-390", { fullPage: false });
  await dialog.getByRole("button", { name: SCHEDULE_TEXTS.book }).click();

  const booked = page.getByRole("dialog", { name: SCHEDULE_MESSAGES.bookedTitle });
  await expect(booked).toContainText(slotBookedFor(dj.username));
  await booked.getByRole("button", { name: "OK" }).click();
  await expect(row.getByRole("link", { name: dj.username })).toBeVisible();
  await expect(row.getByText(SCHEDULE_TEXTS.permanent, { exact: true })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "schedule-admin-booked-390", { fullPage: false });

  await row.getByRole("button", { name: SCHEDULE_TEXTS.cancel }).click();
  await expect(page.getByRole("dialog", { name: SCHEDULE_MESSAGES.deletedTitle })).toBeVisible();
  await context.close();
});

test("a member who is not a DJ sees 'DJ Only' instead of Book", async ({ openMember }) => {
  for (const width of [1280, 390]) {
    const { page } = await openMember({ viewport: { width, height: width > 600 ? 800 : 844 } });
    await openSchedule(page);
    await expect(slotRow(page, LAST_SLOT).getByText(SCHEDULE_MESSAGES.djOnly)).toBeVisible();
    await expect(page.getByRole("button", { name: SCHEDULE_TEXTS.book })).toHaveCount(0);
    await expect(page.getByRole("button", { name: SCHEDULE_TEXTS.wipeSchedule })).toHaveCount(0);
    await screenshot(page, `schedule-member-${width}`);
  }
});
