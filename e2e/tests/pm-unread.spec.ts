import { PATHS, PRIVATE_MESSAGE_MESSAGES } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { apiSession, screenshot, test } from "../support/fixtures.ts";

const inboxIcon = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(`^${PRIVATE_MESSAGE_MESSAGES.inboxTitle}`) });

test("Message opens the conversation; a reply lights the top bar's inbox badge live", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([
    openMember(),
    openMember({ viewport: { width: 390, height: 844 } }),
  ]);
  await expect(inboxIcon(a.page)).toHaveAccessibleName(PRIVATE_MESSAGE_MESSAGES.inboxTitle);

  // A starts the conversation from B's profile and lands in the inbox on it.
  await a.page.goto(PATHS.user(b.member.username));
  await a.page.getByRole("button", { name: "Message", exact: true }).click();
  await expect(a.page).toHaveURL(/\/inbox\?convo=[\w-]+$/);
  const convo = new URL(a.page.url()).searchParams.get("convo") ?? "";

  // B (signed in on a phone) answers through the API; both badges follow without a reload.
  await a.page.goto(PATHS.home);
  await Promise.all([a.live(), b.live()]);
  const bApi = await apiSession(b.member);
  const sent = await bApi.post(`/api/auth/pm/conversations/${convo}/messages`, {
    body: "Hey, thanks for the follow!",
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(inboxIcon(a.page)).toHaveAccessibleName(
    `${PRIVATE_MESSAGE_MESSAGES.inboxTitle} (1 unread)`,
  );
  await expect(inboxIcon(a.page)).toContainText("1");
  await screenshot(a.page, "pm-topbar-badge-1280", { fullPage: false });

  const aApi = await apiSession(a.member);
  for (const body of ["one", "two"]) {
    expect(
      (await aApi.post(`/api/auth/pm/conversations/${convo}/messages`, { body })).status(),
    ).toBe(200);
  }
  await expect(inboxIcon(b.page)).toHaveAccessibleName(
    `${PRIVATE_MESSAGE_MESSAGES.inboxTitle} (2 unread)`,
  );
  await screenshot(b.page, "pm-topbar-badge-390", { fullPage: false });
  await b.page.setViewportSize({ width: 360, height: 740 });
  await expect(inboxIcon(b.page)).toBeVisible();
  await screenshot(b.page, "pm-topbar-badge-360", { fullPage: false });

  // Reading the conversation clears the badge (the inbox emits pm-unread-refresh).
  expect((await aApi.post(`/api/auth/pm/conversations/${convo}/read`)).status()).toBe(200);
  await a.page.evaluate(() => window.dispatchEvent(new Event("pm-unread-refresh")));
  await expect(inboxIcon(a.page)).toHaveAccessibleName(PRIVATE_MESSAGE_MESSAGES.inboxTitle);

  // The icon leads to the inbox.
  await inboxIcon(a.page).click();
  await expect(a.page).toHaveURL(/\/inbox$/);
  await Promise.all([aApi.dispose(), bApi.dispose()]);
});

test("Message refused because the profile went private says 'Cannot Message' with the hint", async ({
  openMember,
}) => {
  const [a, shy] = await Promise.all([openMember(), openMember()]);
  // A opens the profile while it is public; then its owner makes it private.
  await a.page.goto(PATHS.user(shy.member.username));
  const message = a.page.getByRole("button", { name: "Message", exact: true });
  await expect(message).toBeVisible();
  const shyApi = await apiSession(shy.member);
  expect((await shyApi.post("/api/auth/privacy/set", { isPrivate: true })).status()).toBe(200);
  await shyApi.dispose();

  await message.click();
  const dialog = a.page.getByRole("dialog", { name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle });
  await expect(dialog).toContainText(
    `${PRIVATE_MESSAGE_MESSAGES.privateProfile} ${PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted}`,
  );
  await expect(a.page).toHaveURL(new RegExp(`/user/${shy.member.username}$`));
  await screenshot(a.page, "pm-cannot-message-1280", { fullPage: false });
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
});
