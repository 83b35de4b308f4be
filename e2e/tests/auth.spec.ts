import { AUTH_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { lastOutboxMail, registerMember, signIn, test, uniqueName } from "../support/fixtures.ts";

test("a visitor registers through the form, then signs in and out", async ({ page }) => {
  const username = uniqueName("reg");
  const password = "a-long-password-1";
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail").fill(`${username}@example.test`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  const create = page.getByRole("button", { name: "Create Account" });
  await expect(create).toBeDisabled();
  await page.getByRole("checkbox").check();
  await create.click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(AUTH_MESSAGES.registrationSuccessTitle)).toBeVisible();
  await expect(dialog.getByText(AUTH_MESSAGES.registrationSuccess)).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { username, password });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();

  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/newsfeed");
  await expect(page).toHaveURL(/\/login$/);
});

test("mismatched passwords open the Password Mismatch dialog", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username").fill(uniqueName());
  await page.getByLabel("E-mail").fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("password-one");
  await page.getByLabel("Confirm Password").fill("password-two");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByRole("dialog").getByText(AUTH_MESSAGES.passwordMismatchTitle),
  ).toBeVisible();
});

test("an invalid form says which fields are wrong", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username").fill("dj kaos");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(AUTH_MESSAGES.formInvalid)).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText(AUTH_MESSAGES.usernameInvalid)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();
});

test("a wrong password shows the Login Failed dialog with the server's message", async ({
  page,
}) => {
  const member = await registerMember(page);
  await signIn(page, { ...member, password: "not-the-password" });
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(AUTH_MESSAGES.loginFailedTitle)).toBeVisible();
  await expect(dialog.getByText(AUTH_MESSAGES.loginInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a protected path asked for before signing in is restored after signing in", async ({
  page,
}) => {
  const member = await registerMember(page);
  await page.goto("/inbox?convo=abc");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/inbox\?convo=abc$/);
});

test("a signed-in member visiting /login or /register goes to /home", async ({ page }) => {
  const member = await registerMember(page);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/home$/);
});

test("registering with an e-mail that has an account answers as a new account does, and mails the owner", async ({
  page,
}) => {
  const owner = await registerMember(page);
  await page.context().clearCookies();
  const username = uniqueName("again");
  const password = "a-long-password-2";
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail").fill(`${owner.username}@example.test`.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();

  // Nothing on the page says the address is taken.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(AUTH_MESSAGES.registrationSuccess)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.emailTaken)).toHaveCount(0);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // No account was made; the owner reads why by mail.
  await signIn(page, { username, password });
  await expect(page.getByRole("dialog").getByText(AUTH_MESSAGES.loginInvalid)).toBeVisible();
  await expect.poll(lastOutboxMail).toContain(AUTH_MESSAGES.registrationNoticeSubject);
  expect(await lastOutboxMail()).toContain(owner.username);
});
