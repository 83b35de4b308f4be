import { AUTH_MESSAGES, AUTH_ROUTES, PATHS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { baseUrl, signInWithApi, test } from "../support/fixtures.ts";

test("sign out everywhere from Edit Profile ends this session and the member's other device's open page", async ({
  openMember,
  browser,
}) => {
  const desk = await openMember();
  // The same member on a phone, reading the inbox (its live connection up).
  const phone = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
  });
  try {
    const phonePage = await phone.newPage();
    await signInWithApi(phonePage, desk.member, PATHS.inbox);
    await expect(phonePage).toHaveURL(/\/inbox$/);

    await desk.page.goto(PATHS.myProfile);
    await desk.page.getByRole("button", { name: "Edit Profile" }).click();
    const edit = desk.page.getByRole("dialog", { name: "Edit Profile" });
    await edit.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }).click();
    const confirm = desk.page.getByRole("dialog", { name: AUTH_MESSAGES.signOutEverywhere });
    await confirm.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }).click();
    // Signed out: the login page, or the start page when its own connection's kick comes first.
    await expect(desk.page).toHaveURL(/\/(login|home)?$/);

    // The phone's page hears its session end and leaves the inbox for the start page, signed out.
    await expect(phonePage).toHaveURL(/\/(home)?$/);
    const status = await phonePage.request.get(AUTH_ROUTES.status.path);
    expect((await status.json()).authenticated).toBe(false);
    await phonePage.goto(PATHS.inbox);
    await expect(phonePage).not.toHaveURL(/\/inbox$/);
  } finally {
    await phone.close();
  }
});
