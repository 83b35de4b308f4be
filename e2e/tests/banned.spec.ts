import { AUTH_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { seeded, signIn, test } from "../support/fixtures.ts";

test("a banned account lands on /banned with the Account Banned variant and its reason", async ({
  page,
}) => {
  const { banned } = seeded();
  await signIn(page, banned);
  await expect(page).toHaveURL(/\/banned\?/);
  await expect(page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleAccount })).toBeVisible();
  await expect(page.getByText(banned.banReason)).toBeVisible();
  await expect(page.getByText("127.0.0.1")).toBeVisible();

  await page.getByRole("button", { name: AUTH_MESSAGES.returnToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the banned page shows the IP variants by reason", async ({ page }) => {
  await page.goto("/banned?reason=blacklist");
  await expect(
    page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleBlacklist }),
  ).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.bannedBlacklist)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.bannedUnknownIp)).toBeVisible();
  await page.goto("/banned?reason=banned_ip&ip=10.0.0.7");
  await expect(page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleIp })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.bannedIp)).toBeVisible();
  await expect(page.getByText("10.0.0.7")).toBeVisible();
});
