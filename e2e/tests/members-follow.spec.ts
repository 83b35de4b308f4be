import { notificationText, PATHS, USER_MESSAGES } from "@airwave/contracts";
import { expect } from "@playwright/test";
import {
  expectUnreadBadge,
  notificationsBell,
  postCard,
  postFromComposer,
  test,
} from "../support/fixtures.ts";

test("a private profile opens to a member once the owner accepts the follow request", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([openMember(), openMember()]);
  const postText = `Friday night set list from ${a.member.username}`;

  // A writes a post on their own page, then makes the profile private.
  await a.page.goto(PATHS.myProfile);
  await expect(a.page).toHaveURL(PATHS.user(a.member.username));
  await postFromComposer(a.page, a.member, postText);
  const privateSwitch = a.page.getByRole("switch", { name: "Private" });
  await expect(privateSwitch).not.toBeChecked();
  await privateSwitch.check();
  await expect(a.page.getByText("Private profile")).toBeVisible();
  // The switch is busy while the change is saved; once saved it survives a reload.
  await expect(privateSwitch).toBeEnabled();
  await a.page.reload();
  await expect(privateSwitch).toBeChecked();

  // B sees only the notice: no tabs, no posts, no Message.
  await b.page.goto(PATHS.user(a.member.username));
  await expect(b.page.getByRole("heading", { name: a.member.username })).toBeVisible();
  const notice = b.page.getByRole("status");
  await expect(notice).toContainText(USER_MESSAGES.profilePrivate);
  await expect(b.page.getByRole("tab")).toHaveCount(0);
  await expect(b.page.getByText(postText)).toHaveCount(0);
  await expect(b.page.getByRole("button", { name: "Message" })).toHaveCount(0);

  // A's bell counts the request the moment B asks (A's page stays as it is: no reload, no poll).
  await a.live();
  await expectUnreadBadge(a.page, 0);
  await b.page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(b.page.getByRole("button", { name: "Requested" })).toBeDisabled();
  await expect(b.page.getByRole("button", { name: "Cancel request" })).toBeVisible();
  await expect(notice).toContainText(USER_MESSAGES.followPending);
  await expectUnreadBadge(a.page, 1);

  // A accepts in the bell; the row turns into "started following you" with Follow Back.
  await notificationsBell(a.page).click();
  const bell = a.page.getByRole("dialog", { name: "Notifications" });
  const request = bell.getByRole("listitem").filter({
    hasText: notificationText({ type: "follow-request", from: b.member.username, meta: {} }),
  });
  await expect(request).toBeVisible();
  // Answering makes no failed call (the server deletes the request's notification itself).
  const failed: string[] = [];
  a.page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await request.getByRole("button", { name: "Accept" }).click();
  const accepted = bell.getByRole("listitem").filter({
    hasText: notificationText({ type: "follower", from: b.member.username, meta: {} }),
  });
  await expect(accepted.getByRole("button", { name: "Follow Back" })).toBeVisible();
  await expect(bell.getByRole("button", { name: "Accept" })).toHaveCount(0);
  expect(failed).toEqual([]);
  await a.page.keyboard.press("Escape");
  await expectUnreadBadge(a.page, 0);

  // B, now a follower, sees A's posts and tabs after a reload.
  await b.page.reload();
  await expect(postCard(b.page, a.member.username, postText)).toBeVisible();
  await expect(b.page.getByRole("tab", { name: "Followers (1)" })).toBeVisible();
  await expect(b.page.getByRole("button", { name: "Unfollow" })).toBeVisible();
  await expect(b.page.getByText(USER_MESSAGES.profilePrivate)).toHaveCount(0);
});
