import { AUTH_MESSAGES, HOME_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { registerMember, signIn, test } from "../support/fixtures.ts";

test("the built app runs under its content security policy without a violation", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));

  const res = await page.goto("/home");
  expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const tab of ["About", "Chatroom", "Schedule", "Contact"]) {
    await page.getByRole("tab", { name: tab }).click();
  }
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  const member = await registerMember(page);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/home$/);

  // The schedule call answers 401/404 until the schedule exists: the tab shows its empty state.
  const csp = problems.filter((p) => /Content Security Policy|Refused to/i.test(p));
  expect(csp).toEqual([]);
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
});

test("the contact form on the home page sends a message", async ({ page }) => {
  await page.goto("/home?tab=contact");
  await page.getByLabel("Name").fill("Kim");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Subject").fill("Hello");
  await page.getByLabel("Message").fill("Love the Sunday sets!");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  await page.getByLabel("E-mail").fill("kim@example.test");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert")).toHaveText(HOME_MESSAGES.contactSent);
  await expect(page.getByLabel("Name")).toHaveValue("");
});
