import { PATHS, SOCIAL_MESSAGES, USER_MESSAGES } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("a block hides Message both ways and leaves the blocker only Unblock", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([openMember(), openMember()]);

  // Public profiles: each sees Follow, Message and Block on the other's page.
  await Promise.all([
    a.page.goto(PATHS.user(b.member.username)),
    b.page.goto(PATHS.user(a.member.username)),
  ]);
  for (const [page, other] of [
    [a.page, b.member.username],
    [b.page, a.member.username],
  ] as const) {
    await expect(page.getByRole("heading", { name: other })).toBeVisible();
    await expect(button(page, "Message")).toBeVisible();
    await expect(button(page, "Follow")).toBeVisible();
    await expect(button(page, "Block")).toBeVisible();
  }

  // A blocks B, after a confirmation that says what a block does; Cancel changes nothing.
  await button(a.page, "Block").click();
  const confirm = a.page.getByRole("dialog", {
    name: SOCIAL_MESSAGES.blockTitle(b.member.username),
  });
  await expect(confirm.getByText(SOCIAL_MESSAGES.blockText(b.member.username))).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(button(a.page, "Message")).toBeVisible();
  await button(a.page, "Block").click();
  await confirm.getByRole("button", { name: SOCIAL_MESSAGES.blockConfirm }).click();
  await expect(confirm).toHaveCount(0);
  // A's view of B keeps only Unblock and the blocked notice.
  await expect(button(a.page, "Unblock")).toBeVisible();
  for (const name of ["Message", "Follow", "Block", "Unfollow"]) {
    await expect(button(a.page, name)).toHaveCount(0);
  }
  await expect(a.page.getByRole("tab")).toHaveCount(0);
  await a.page.reload();
  await expect(button(a.page, "Unblock")).toBeVisible();
  await expect(button(a.page, "Message")).toHaveCount(0);

  // B, reloading A's page, gets the blocked answer: no profile, no buttons at all.
  await b.page.reload();
  await expect(b.page.getByText(USER_MESSAGES.blockedProfile)).toBeVisible();
  for (const name of ["Message", "Follow", "Block", "Unblock"]) {
    await expect(button(b.page, name)).toHaveCount(0);
  }

  // Unblock restores both views.
  await button(a.page, "Unblock").click();
  await expect(button(a.page, "Message")).toBeVisible();
  await expect(button(a.page, "Block")).toBeVisible();
  await b.page.reload();
  await expect(button(b.page, "Message")).toBeVisible();
  await expect(b.page.getByText(USER_MESSAGES.blockedProfile)).toHaveCount(0);
});
