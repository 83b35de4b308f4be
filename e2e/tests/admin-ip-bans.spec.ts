import { ADMIN_API, AUTH_MESSAGES, IP_BAN_MESSAGES } from "@airwave/contracts";
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
} from "../support/fixtures.ts";

/** The admin's own client address (TRUST_PROXY is on in the e2e app): never the banned one. */
const adminIp = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
const randomTestNetIp = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

test.use({ extraHTTPHeaders: { "X-Forwarded-For": adminIp } });

async function openIpBansTab(page: Page) {
  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "IP Bans" }).click();
  await expect(page.getByRole("heading", { name: IP_BAN_MESSAGES.title })).toBeVisible();
}

/** Whatever happens in the test, the IP is not left banned in the shared app. */
async function unbanQuietly(ip: string) {
  const admin = await adminApi();
  await admin.delete(ADMIN_API.ipBan(ip));
  await admin.dispose();
}

test("an admin bans an IP from the dialog; sign-ins from it land on /banned until the admin unbans it", async ({
  page,
  browser,
}) => {
  const bannedIp = randomTestNetIp();
  const visitor = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { "X-Forwarded-For": bannedIp },
  });
  try {
    const memberPage = await visitor.newPage();
    const member = await registerMember(memberPage);
    // The login form is open before the ban (a banned address is sent to /banned on arrival).
    await memberPage.goto("/login");
    await expect(memberPage.getByLabel("Username")).toBeVisible();

    await openIpBansTab(page);
    await page.getByRole("button", { name: IP_BAN_MESSAGES.banIp }).click();
    const dialog = page.getByRole("dialog", { name: IP_BAN_MESSAGES.dialogTitle });
    const ban = dialog.getByRole("button", { name: IP_BAN_MESSAGES.ban, exact: true });
    const ipField = dialog.getByRole("textbox", { name: IP_BAN_MESSAGES.ipLabel });
    await expect(dialog.getByRole("textbox", { name: "Reason" })).toHaveAttribute(
      "placeholder",
      IP_BAN_MESSAGES.defaultReason,
    );

    await ban.click();
    await expect(dialog.getByText(IP_BAN_MESSAGES.ipRequired)).toBeVisible();
    await ipField.fill("203.0.113.256");
    await ban.click();
    await expect(dialog.getByText(IP_BAN_MESSAGES.invalidIp)).toBeVisible();
    await screenshot(page, "admin-ip-bans-dialog-invalid-1280", { fullPage: false });

    await ipField.fill(bannedIp);
    await dialog.getByRole("textbox", { name: "Reason" }).fill("E2E: spam from this address");
    await screenshot(page, "admin-ip-bans-dialog-1280", { fullPage: false });
    await ban.click();
    await expect(page.getByText(IP_BAN_MESSAGES.banned, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("textbox", { name: IP_BAN_MESSAGES.searchLabel }).fill(bannedIp);
    const row = page.getByRole("row", { name: bannedIp });
    await expect(row).toBeVisible();
    await expect(row).toContainText("E2E: spam from this address");
    await expect(row).toContainText(adminCredentials().username);
    await screenshot(page, "admin-ip-bans-1280");

    // The same IP again: the server refuses it and the dialog stays open.
    await page.getByRole("button", { name: IP_BAN_MESSAGES.banIp }).click();
    await ipField.fill(bannedIp);
    await ban.click();
    await expect(page.getByText(IP_BAN_MESSAGES.alreadyBanned, { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: IP_BAN_MESSAGES.cancel }).click();
    await expect(dialog).toBeHidden();

    // A sign-in from the banned address (its form already open) lands on the IP Blacklisted page.
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/banned$/);
    await expect(
      memberPage.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleBlacklist }),
    ).toBeVisible();
    await expect(memberPage.getByText(bannedIp)).toBeVisible();

    // Unban, after the confirmation.
    await row.getByRole("button", { name: IP_BAN_MESSAGES.unbanLabel(bannedIp) }).click();
    const confirm = page.getByRole("dialog", { name: IP_BAN_MESSAGES.unbanTitle });
    await confirm.getByRole("button", { name: IP_BAN_MESSAGES.unban }).click();
    await expect(page.getByText(IP_BAN_MESSAGES.unbanned, { exact: true })).toBeVisible();
    await expect(page.getByText(IP_BAN_MESSAGES.noMatches)).toBeVisible();

    // The same browser signs in now.
    await memberPage.goto("/login");
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/home$/);
  } finally {
    await unbanQuietly(bannedIp);
    await visitor.close();
  }
});

test("the IP bans tab at 390 px wide", async ({ page }) => {
  const ip = randomTestNetIp();
  const admin = await adminApi();
  const res = await admin.post(ADMIN_API.ipBans, { ip, reason: "E2E: narrow screen" });
  await admin.dispose();
  try {
    expect([200, 409]).toContain(res.status());
    await page.setViewportSize({ width: 390, height: 844 });
    await openIpBansTab(page);
    await page.getByRole("textbox", { name: IP_BAN_MESSAGES.searchLabel }).fill(ip);
    await expect(page.getByRole("row", { name: ip })).toBeVisible();
    await screenshot(page, "admin-ip-bans-390");
    await page.getByRole("button", { name: IP_BAN_MESSAGES.banIp }).click();
    await expect(page.getByRole("dialog", { name: IP_BAN_MESSAGES.dialogTitle })).toBeVisible();
    await screenshot(page, "admin-ip-bans-dialog-390", { fullPage: false });
  } finally {
    await unbanQuietly(ip);
  }
});
