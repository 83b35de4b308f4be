import {
  CHAT_RULES,
  CHAT_TEXTS,
  POINTS_MESSAGES as M,
  POINTS_UI_TEXTS as P,
  PATHS,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminCredentials, screenshot, signInWithApi, test } from "../support/fixtures.ts";

/** The member's own points in the chat room's header. */
const myPoints = (page: Page, points: number) =>
  page.getByText(P.myPoints(points), { exact: true });

test("an admin grants a member 10 points from the user dialog and the member's points in the chat rise by 10", async ({
  page,
  openMember,
}) => {
  const { page: memberPage, member } = await openMember();
  await memberPage.goto(PATHS.chat);
  const rules = memberPage.getByRole("dialog", { name: CHAT_RULES.title });
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  await expect(memberPage.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
  // A new member has no points this month.
  await expect(myPoints(memberPage, 0)).toBeVisible();

  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("searchbox", { name: T.search }).fill(member.username);
  const row = page.getByRole("row").filter({ hasText: member.username });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: T.manage(member.username) }).click();
  const dialog = page.getByRole("dialog", { name: member.username });
  const points = dialog.getByRole("region", { name: T.pointsSection });
  await expect(points.getByText(`${P.currentPoints}: 0`)).toBeVisible();

  // The spec's validation first: 0 is refused, and nothing changes.
  const amount = points.getByRole("textbox", { name: P.deltaLabel });
  await amount.fill("0");
  await points.getByRole("button", { name: P.apply }).click();
  await expect(points.getByText(M.nonZeroInteger)).toBeVisible();

  await amount.fill("10");
  await points.getByRole("button", { name: P.apply }).click();
  await expect(page.getByText(M.pointsUpdated)).toBeVisible();
  await expect(points.getByText(`${P.currentPoints}: 10`)).toBeVisible();
  await points.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-user-points-1280", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await points.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-user-points-390", { fullPage: false });

  // The grant reaches the member's open chat at once (no reload).
  await expect(myPoints(memberPage, 10)).toBeVisible();

  // Removing more than the member has takes them to 0 and says how many went (on the phone).
  await amount.fill("-500");
  await points.getByRole("button", { name: P.apply }).click();
  await expect(page.getByText(M.pointsRemovedPartly(10))).toBeVisible();
  await expect(points.getByText(`${P.currentPoints}: 0`)).toBeVisible();
  await expect(myPoints(memberPage, 0)).toBeVisible();
});
