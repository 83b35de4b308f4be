import {
  ADMIN_API,
  AUTH_MESSAGES,
  ADMIN_USERS_MESSAGES as M,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import {
  adminApi,
  adminCredentials,
  baseUrl,
  registerMember,
  screenshot,
  signIn,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";

/** TRUST_PROXY is on in the e2e app: each side carries its own TEST-NET client address. */
const octet = () => 1 + Math.floor(Math.random() * 254);
const testNet = (prefix: string) => `${prefix}.${octet()}`;
const adminIp = testNet("198.51.100");
/** The banned member's own address: one of 16 million, so no other test's member shares it. */
const memberIp = () => `10.${octet()}.${octet()}.${octet()}`;

test.use({ extraHTTPHeaders: { "X-Forwarded-For": adminIp } });

/** Resolves once the page's Socket.IO connection is up (the server answered CONNECT with `40`). */
function watchLive(page: Page) {
  let connected = false;
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/socket.io/")) return;
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.startsWith("40")) connected = true;
    });
    ws.on("close", () => {
      connected = false;
    });
  });
  return () => expect.poll(() => connected, { message: "the live connection is up" }).toBe(true);
}

async function openUsersTab(page: Page) {
  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: T.title, exact: true })).toBeVisible();
}

test("an admin bans a signed-in member from the users tab: their open page lands on /banned; then unbans them", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a ban, a sign-in refused, an unban and a sign-in again
  const origin = new URL(baseUrl()).origin;
  const ip = memberIp();
  const memberContext = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  await memberContext.route(
    (url) => url.origin !== origin,
    (route) => route.abort("internetdisconnected"),
  );
  let memberId: string | null = null;
  try {
    const memberPage = await memberContext.newPage();
    const live = watchLive(memberPage);
    const member = await registerMember(memberPage, uniqueName("ban"));
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/home$/);
    await memberPage.goto("/newsfeed");
    await expect(memberPage).toHaveURL(/\/newsfeed$/);
    await live();

    await openUsersTab(page);
    await expect(page.getByRole("table", { name: T.title })).toBeVisible();
    await screenshot(page, "admin-users-1280");
    await page.getByRole("searchbox", { name: T.search }).fill(member.username);
    const row = page.getByRole("row").filter({ hasText: member.username });
    await expect(page.getByText("1–1 of 1")).toBeVisible();
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: T.manage(member.username) }).click();

    const dialog = page.getByRole("dialog", { name: member.username });
    await expect(dialog.getByRole("button", { name: T.ban, exact: true })).toBeVisible();
    await expect(dialog.getByText(`Last login IP: ${ip}`)).toBeVisible();
    memberId = await page.evaluate(async (name) => {
      const res = await fetch(`/api/auth/admin/users?search=${encodeURIComponent(name)}`);
      return ((await res.json()) as { users: { id: string }[] }).users[0]?.id ?? null;
    }, member.username);
    await screenshot(page, "admin-users-dialog-1280", { fullPage: false });

    await dialog.getByRole("button", { name: T.ban, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: T.banTitle(member.username) });
    await expect(confirm.getByText(T.noRelated)).toBeVisible();
    await confirm.getByLabel(T.banReasonLabel).fill("E2E: spam rings");
    await expect(confirm.getByText("15/200")).toBeVisible();
    await screenshot(page, "admin-users-ban-confirm-1280", { fullPage: false });
    await confirm.getByRole("button", { name: T.banConfirm }).click();
    await expect(page.getByText(M.banned, { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();

    // The member's open page moves on its own: sessions ended, socket kicked.
    await expect(memberPage).toHaveURL(/\/banned$/);
    await expect(
      memberPage.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleAccount }),
    ).toBeVisible();
    await expect(memberPage.getByText("E2E: spam rings")).toBeVisible();
    // The whole record, as a sign-in after the ban answers it: the date and the member's address.
    const facts = memberPage.locator("dl");
    await expect(facts).toContainText("Banned on");
    await expect(facts).toContainText(ip);
    await expect(facts).not.toContainText(AUTH_MESSAGES.bannedUnknownIp);
    const afterKick = await facts.textContent();
    await memberPage.getByRole("button", { name: AUTH_MESSAGES.returnToLogin }).click();
    await expect(memberPage).toHaveURL(/\/login$/);
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/banned$/);
    await expect(facts).toContainText("E2E: spam rings");
    expect(await facts.textContent()).toBe(afterKick);

    // The dialog and the reloaded list show the ban and who banned.
    await expect(dialog.getByText(/E2E: spam rings/)).toBeVisible();
    await screenshot(page, "admin-users-dialog-banned-1280", { fullPage: false });
    await dialog.getByRole("button", { name: T.close }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("E2E: spam rings");
    await expect(row).toContainText(adminCredentials().username);
    await expect(row).toContainText("banned");

    await row.getByRole("button", { name: T.manage(member.username) }).click();
    await dialog.getByRole("button", { name: T.unban, exact: true }).click();
    await page
      .getByRole("dialog", { name: T.unbanTitle(member.username) })
      .getByRole("button", { name: T.unbanConfirm })
      .click();
    await expect(page.getByText(M.unbanned, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: T.ban, exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: T.close }).click();
    await expect(row).not.toContainText("E2E: spam rings");

    // Unbanned, the member signs in again.
    await memberPage.goto("/login");
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/home$/);
    memberId = null;
  } finally {
    if (memberId) {
      const admin = await adminApi();
      await admin.post(ADMIN_API.userUnban(memberId));
      await admin.dispose();
    }
    await memberContext.close();
  }
});

test("an admin creates a user from the dialog, with the spec's validation messages", async ({
  page,
}) => {
  await openUsersTab(page);
  await page.getByRole("button", { name: T.createUser }).click();
  const dialog = page.getByRole("dialog", { name: T.createTitle });
  await dialog.getByRole("button", { name: T.create }).click();
  await expect(dialog.getByText(M.usernameRequired)).toBeVisible();
  await expect(dialog.getByText(M.emailRequired)).toBeVisible();
  await expect(dialog.getByText(M.passwordRequired)).toBeVisible();

  await dialog.getByLabel(T.username).fill("ab");
  await dialog.getByLabel(T.email).fill("nope");
  await dialog.getByLabel(T.password).fill("12345");
  await dialog.getByRole("button", { name: T.create }).click();
  await expect(dialog.getByText(M.usernameTooShort)).toBeVisible();
  await expect(dialog.getByText(M.emailInvalid)).toBeVisible();
  await expect(dialog.getByText(M.passwordTooShort)).toBeVisible();
  await screenshot(page, "admin-users-create-invalid-1280", { fullPage: false });

  const username = uniqueName("made");
  await dialog.getByLabel(T.username).fill(username);
  await dialog.getByLabel(T.email).fill(`${username}@example.test`);
  await dialog.getByLabel(T.password).fill("sixsix");
  await dialog.getByRole("button", { name: T.create }).click();
  await expect(page.getByText(M.created, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: T.search }).fill(username);
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("user");

  // The same name again: the server's message.
  await page.getByRole("button", { name: T.createUser }).click();
  await dialog.getByLabel(T.username).fill(username);
  await dialog.getByLabel(T.email).fill(`other_${username}@example.test`);
  await dialog.getByLabel(T.password).fill("sixsix");
  await dialog.getByRole("button", { name: T.create }).click();
  await expect(dialog.getByText(AUTH_MESSAGES.usernameTaken)).toBeVisible();
  await dialog.getByRole("button", { name: T.cancel }).click();

  // Desktop-first, but it must not break on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-users-390");
  await row.getByRole("button", { name: T.manage(username) }).click();
  await expect(page.getByRole("dialog", { name: username })).toBeVisible();
  await screenshot(page, "admin-users-dialog-390", { fullPage: false });
});
