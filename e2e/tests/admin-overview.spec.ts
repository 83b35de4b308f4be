import { ADMIN_OVERVIEW_TEXTS, ADMIN_TEXTS } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminCredentials, screenshot, signInWithApi, test } from "../support/fixtures.ts";

/** The admin's own client address (TRUST_PROXY is on in the e2e app), to find their rows. */
const ip = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;

test.use({ extraHTTPHeaders: { "X-Forwarded-For": ip } });

const trafficTable = (page: Page) =>
  page.getByRole("table", { name: ADMIN_OVERVIEW_TEXTS.trafficTitle });

async function openDashboard(page: Page) {
  await signInWithApi(page, adminCredentials(), "/admin");
  await expect(page.getByRole("heading", { name: ADMIN_TEXTS.greeting })).toBeVisible();
}

/** N of a pagination range "a–b of N". */
const totalOf = (range: string | null) => Number(/of (\d+)$/.exec(range ?? "")?.[1] ?? Number.NaN);

test("the admin sees the metrics and their own recent requests in the traffic log, and pages it", async ({
  page,
}) => {
  await openDashboard(page);

  for (const label of [
    ADMIN_OVERVIEW_TEXTS.activeUsers,
    ADMIN_OVERVIEW_TEXTS.listenersNow,
    ADMIN_OVERVIEW_TEXTS.chatMessages24h,
    ADMIN_OVERVIEW_TEXTS.totalPosts,
  ]) {
    await expect(page.getByRole("group", { name: label })).toHaveText(
      new RegExp(`^${label.replace(/[()]/g, "\\$&")}[\\d,.\\s]+$`),
    );
  }

  const table = trafficTable(page);
  await expect(table.getByRole("columnheader")).toHaveText(["IP", "Path", "Method", "Time"]);
  await expect(table.getByRole("row")).toHaveCount(9); // the header and 8 rows
  // The newest rows are this admin's own page load, from this browser's address.
  await expect(table.getByRole("row").filter({ hasText: ip }).first()).toBeVisible();
  await expect(
    table
      .getByRole("row")
      .filter({ hasText: ip })
      .filter({ hasText: /\/api\/auth\// })
      .first(),
  ).toBeVisible();
  await screenshot(page, "admin-overview-1280");

  const range = page.getByText(/^1–8 of \d+$/);
  await expect(range).toBeVisible();
  const firstPage = await table.getByRole("row").allTextContents();
  const totalBefore = totalOf(await range.textContent());
  await page.getByRole("button", { name: /next page/i }).click();
  const secondRange = page.getByText(/^9–\d+ of \d+$/);
  await expect(secondRange).toBeVisible();
  // The log grows while the page is open (its own requests land about a second later), and new rows
  // push older ones down a page: page 2 shows other rows than page 1 unless 8 arrived in between.
  if (totalOf(await secondRange.textContent()) - totalBefore < 8) {
    await expect(table.getByRole("row")).not.toHaveText(firstPage);
  }
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await page.getByText(/^9–\d+ of \d+$/).scrollIntoViewIfNeeded();
  await screenshot(page, "admin-overview-1280-page2", { fullPage: false });

  // A request with a secret in its query string: after a refresh it is the newest rows' news,
  // and the log shows its path only.
  await page.getByRole("button", { name: /previous page/i }).click();
  await expect(range).toBeVisible();
  const search = await page.request.get("/api/auth/searchUsers?q=e2e-secret");
  expect(search.ok()).toBe(true);
  await page.getByRole("button", { name: ADMIN_OVERVIEW_TEXTS.refresh }).click();
  await expect(
    table
      .getByRole("row")
      .filter({ hasText: ip })
      .filter({ has: page.getByRole("cell", { name: "/api/auth/searchUsers", exact: true }) }),
  ).toHaveCount(1);
  await expect(table).not.toContainText("secret");
  await expect(table).not.toContainText("?");
});

test("the overview at 390 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  await expect(trafficTable(page).getByRole("row")).toHaveCount(9);
  await expect(page.getByRole("group", { name: ADMIN_OVERVIEW_TEXTS.totalPosts })).toBeVisible();
  await screenshot(page, "admin-overview-390");
});
