import { AUTH_MESSAGES, PATHS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { seeded, signIn, test } from "../support/fixtures.ts";

test("a banned account lands on /banned with the Account Banned variant and its reason", async ({
  page,
}) => {
  const { banned } = seeded();
  await signIn(page, banned);
  // The server's answer travels in the tab, not in the address.
  await expect(page).toHaveURL(/\/banned$/);
  await expect(page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleAccount })).toBeVisible();
  await expect(page.getByText(banned.banReason)).toBeVisible();
  await expect(page.getByText("127.0.0.1")).toBeVisible();

  await page.getByRole("button", { name: AUTH_MESSAGES.returnToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("/banned renders banReason and ip from the query string (content spoofing): it shows none of it", async ({
  page,
}) => {
  const spoof = "Your account is locked: call +1 555 0100 to restore it";
  await page.goto(
    `${PATHS.banned}?reason=banned_ip&ip=10.0.0.7&banReason=${encodeURIComponent(spoof)}`,
  );
  await expect(page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleGeneric })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.bannedGeneric)).toBeVisible();
  await expect(page.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleIp })).toHaveCount(0);
  await expect(page.getByText("10.0.0.7")).toHaveCount(0);
  await expect(page.getByText(spoof)).toHaveCount(0);
});
