import { AUTH_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { setRegistration, test } from "../support/fixtures.ts";

test("with registration switched off the form is disabled under the banner", async ({ page }) => {
  await setRegistration(page, false);
  try {
    await page.goto("/register");
    const banner = page.getByRole("alert");
    await expect(banner.getByText(AUTH_MESSAGES.registrationsDisabledTitle)).toBeVisible();
    await expect(banner.getByText(AUTH_MESSAGES.registrationsDisabled)).toBeVisible();
    await expect(page.getByLabel("Username")).toBeDisabled();
    await expect(page.getByLabel("E-mail")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
  } finally {
    await setRegistration(page, true);
  }
  await page.reload();
  await expect(page.getByLabel("Username")).toBeEnabled();
});
