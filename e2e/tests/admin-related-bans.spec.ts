import {
  ADMIN_API,
  ADMIN_USERS_LIMITS,
  AUTH_MESSAGES,
  ADMIN_USERS_MESSAGES as M,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page, request as playwrightRequest } from "@playwright/test";
import {
  adminApi,
  adminCredentials,
  baseUrl,
  type Credentials,
  registerMember,
  screenshot,
  signIn,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";

/**
 * Issue 29, problem 2: a ban offers each related account (same sign-in address) as a box, checked
 * by default, bans only the ones left checked, tells them they were banned together with another
 * account (never the other's reason), and the unban offers to lift them too.
 */

const octet = () => 1 + Math.floor(Math.random() * 254);
const adminIp = `198.51.100.${octet()}`;
/** The household's shared address: one of 16 million, so no other test's member shares it. */
const sharedIp = () => `10.${octet()}.${octet()}.${octet()}`;

test.use({ extraHTTPHeaders: { "X-Forwarded-For": adminIp } });

/** Signs `who` in through the API from `ip` (TRUST_PROXY is on in the e2e app): the answer's status. */
async function signInStatus(who: Credentials, ip: string) {
  const api = await playwrightRequest.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  const { csrfToken } = await (await api.get("/api/auth/authRequest")).json();
  const res = await api.post("/api/auth/login", {
    headers: { "x-csrf-token": csrfToken },
    data: who,
  });
  await api.dispose();
  return res.status();
}

/** Registers members and signs each in once from `ip`: the address they share. */
async function household(page: Page, ip: string, names: string[]) {
  const members: Credentials[] = [];
  for (const name of names) {
    const member = await registerMember(page, uniqueName(name));
    expect(await signInStatus(member, ip), "sign-in from the shared address").toBe(200);
    members.push(member);
  }
  return members;
}

/** Lifts whatever ban a test leaves behind (a failed step), through the API. */
async function unbanAll(usernames: string[]) {
  const admin = await adminApi();
  for (const name of usernames) {
    const res = await admin.get(`${ADMIN_API.users}?search=${encodeURIComponent(name)}`);
    const found = ((await res.json()) as { users: { id: string; role: string }[] }).users[0];
    if (found?.role === "banned") await admin.post(ADMIN_API.userUnban(found.id));
  }
  await admin.dispose();
}

async function openUsersTab(page: Page) {
  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: T.title, exact: true })).toBeVisible();
}

async function openBanDialog(page: Page, username: string) {
  await page.getByRole("searchbox", { name: T.search }).fill(username);
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: T.manage(username) }).click();
  const dialog = page.getByRole("dialog", { name: username });
  await dialog.getByRole("button", { name: T.ban, exact: true }).click();
  return { dialog, confirm: page.getByRole("dialog", { name: T.banTitle(username) }) };
}

test("the admin bans ben with ann but not cat: ann's /banned says she was banned with another account, live and after signing in; one unban brings both back", async ({
  page,
  browser,
}) => {
  test.slow(); // four members, two browsers, a ban, a sign-in refused, an unban
  const ip = sharedIp();
  const [ben, ann, cat] = await household(page, ip, ["ben", "ann", "cat"]);
  if (!ben || !ann || !cat) throw new Error("no household");
  const annContext = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  try {
    // Ann has a page open: the ban reaches it live.
    const annPage = await annContext.newPage();
    await signInWithApi(annPage, ann, "/newsfeed");
    await expect(annPage).toHaveURL(/\/newsfeed$/);

    await openUsersTab(page);
    const { dialog, confirm } = await openBanDialog(page, ben.username);
    await expect(confirm.getByText(T.banText)).toBeVisible();
    const list = confirm.getByRole("list", { name: T.relatedBanned });
    const annBox = list.getByRole("checkbox", { name: ann.username });
    const catBox = list.getByRole("checkbox", { name: cat.username });
    // One box each, checked by default, with the last login and the shared address.
    await expect(annBox).toBeChecked();
    await expect(catBox).toBeChecked();
    await expect(annBox).toHaveAccessibleDescription(new RegExp(`Last login .*${ip}`));
    await expect(list.getByText(T.relatedShared([ip])).first()).toBeVisible();
    await expect(confirm.getByText(T.relatedWarning(2))).toHaveCount(0);
    await catBox.uncheck();
    await expect(confirm.getByText(T.relatedChecked(1, 2))).toBeVisible();
    await confirm.getByLabel(T.banReasonLabel).fill("Tour ban test");
    await page.mouse.move(0, 0); // no hover on a row in the picture
    await screenshot(page, "ban-dialog-1280", { fullPage: false });
    await confirm.getByRole("button", { name: T.banConfirm }).click();
    await expect(page.getByText(M.banned, { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByText(`${T.bannedBy} ${adminCredentials().username}`)).toBeVisible();

    // Ann's open page lands on /banned: banned together with another account, not ben's reason.
    await expect(annPage).toHaveURL(/\/banned$/);
    await expect(
      annPage.getByRole("heading", { name: AUTH_MESSAGES.bannedTitleAccount }),
    ).toBeVisible();
    const facts = annPage.locator("dl");
    await expect(facts).toContainText(AUTH_MESSAGES.bannedWithAnother);
    await expect(facts).toContainText(ip);
    await expect(annPage.getByText("Tour ban test")).toHaveCount(0);
    await screenshot(annPage, "banned-with-another-1280", { fullPage: false });
    const afterKick = await facts.textContent();
    // Signing in again shows the same record, from the server.
    await annPage.getByRole("button", { name: AUTH_MESSAGES.returnToLogin }).click();
    await expect(annPage).toHaveURL(/\/login$/);
    await signIn(annPage, ann);
    await expect(annPage).toHaveURL(/\/banned$/);
    await expect(facts).toContainText(AUTH_MESSAGES.bannedWithAnother);
    expect(await facts.textContent()).toBe(afterKick);

    // Cat, left unchecked, still signs in; ben does not.
    expect(await signInStatus(cat, ip)).toBe(200);
    expect(await signInStatus(ben, ip)).toBe(403);

    // Unban ben: ann is offered, checked; one action lifts both.
    await dialog.getByRole("button", { name: T.unban, exact: true }).click();
    const unban = page.getByRole("dialog", { name: T.unbanTitle(ben.username) });
    const annAgain = unban
      .getByRole("list", { name: T.unbanAlso })
      .getByRole("checkbox", { name: ann.username });
    await expect(annAgain).toBeChecked();
    await unban.getByRole("button", { name: T.unbanConfirm }).click();
    await expect(page.getByText(M.unbanned, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: T.ban, exact: true })).toBeVisible();
    await annPage.goto("/login");
    await signIn(annPage, ann);
    await expect(annPage).toHaveURL(/\/home$/);
  } finally {
    await annContext.close();
    await unbanAll([ben.username, ann.username, cat.username]);
  }
});

test("on a phone the ban dialog with many related accounts warns, fits the width and reaches Ban account; the Users tab", async ({
  page,
}) => {
  test.slow(); // six members registered and signed in
  const n = ADMIN_USERS_LIMITS.relatedWarnAt;
  const ip = sharedIp();
  const names = ["tgt", ...Array.from({ length: n }, (_, i) => `rel${i}`)];
  const [target, ...related] = await household(page, ip, names);
  if (!target) throw new Error("no household");
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openUsersTab(page);
    await expect(page.getByRole("table", { name: T.title }).getByRole("row").nth(2)).toBeAttached();
    await screenshot(page, "admin-users-phone-390", { fullPage: false });

    const { confirm } = await openBanDialog(page, target.username);
    await expect(confirm.getByText(T.relatedWarning(n))).toBeVisible();
    const boxes = confirm.getByRole("list", { name: T.relatedBanned }).getByRole("checkbox");
    await expect(boxes).toHaveCount(n);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await screenshot(page, "ban-dialog-390", { fullPage: false });
    // The dialog fits the phone's width; its last box and its Ban button can be reached.
    const frame = await confirm.boundingBox();
    expect(frame?.x).toBeGreaterThanOrEqual(0);
    expect((frame?.x ?? 0) + (frame?.width ?? 0)).toBeLessThanOrEqual(390);
    // rel0 … rel{n-1} sort by name: the last box is the last one registered.
    const spared = related.at(-1);
    if (!spared) throw new Error("no related account");
    const last = boxes.last();
    await expect(last).toHaveAccessibleName(spared.username);
    await last.scrollIntoViewIfNeeded();
    await last.uncheck();
    await expect(confirm.getByText(T.relatedChecked(n - 1, n))).toBeVisible();
    const ban = confirm.getByRole("button", { name: T.banConfirm });
    await expect(ban).toBeInViewport();
    await ban.click();
    await expect(page.getByText(M.banned, { exact: true })).toBeVisible();
    // The one left unchecked still signs in, the others do not.
    expect(await signInStatus(spared, ip)).toBe(200);
    expect(await signInStatus(related[0] ?? spared, ip)).toBe(403);
  } finally {
    await unbanAll([target.username, ...related.map((r) => r.username)]);
  }
});
