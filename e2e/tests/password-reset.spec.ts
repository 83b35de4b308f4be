import { AUTH_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { lastOutboxMail, registerMember, signIn, test } from "../support/fixtures.ts";

test("a member resets a forgotten password through the e-mailed link", async ({ page }) => {
  const member = await registerMember(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(`${member.username}@example.test`);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  const sent = page.getByRole("dialog");
  await expect(sent.getByText(AUTH_MESSAGES.forgotSentTitle)).toBeVisible();
  await expect(sent.getByText(AUTH_MESSAGES.forgotSent)).toBeVisible();
  await sent.getByRole("button", { name: "OK" }).click();

  let link = "";
  await expect
    .poll(async () => {
      const mail = (await lastOutboxMail()).replace(/=\r?\n/g, "");
      link = mail.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0] ?? "";
      return mail.includes(member.username) ? link : "";
    })
    .not.toBe("");

  await page.goto(new URL(link).pathname);
  await page.getByLabel("New Password").fill("brand-new-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetDone)).toBeVisible();

  await page.getByRole("link", { name: "Back to Login" }).click();
  await signIn(page, { username: member.username, password: "brand-new-password" });
  await expect(page).toHaveURL(/\/home$/);

  // The link works once.
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(new URL(link).pathname);
  await page.getByLabel("New Password").fill("another-password-1");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetInvalid)).toBeVisible();
});
