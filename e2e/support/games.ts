import {
  CHAT_RULES,
  CHAT_TEXTS,
  POINTS_UI_TEXTS as P,
  PATHS,
  POINTS_API,
  pointsPeriod,
  type ScheduleAnswer,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminApi, apiSession, type Credentials, type MemberSession } from "./fixtures.ts";

/** Helpers of the arcade games' browser tests (coin flip, battleships): two players with points in the chat. */

/** The member's own points in the chat room's header (named the same way on a phone and a desktop). */
export const myPoints = (page: Page, points: number) =>
  page.getByLabel(P.myPointsLabel(points), { exact: true });

/** The member's user id (their session's userdata). */
export async function idOf(who: Credentials): Promise<string> {
  const member = await apiSession(who);
  const me = await (await member.get("/api/auth/userdata")).json();
  await member.dispose();
  return me._id;
}

/** The admin grants `delta` points to the member (the admin's user-dialog call). */
export async function grantPoints(userId: string, delta: number) {
  const admin = await adminApi();
  const res = await admin.post(POINTS_API.adminUserPoints(userId), { delta });
  expect(res.status()).toBe(200);
  await admin.dispose();
}

/** Whether the station is in the month-end freeze now (the app's own time zone, from the schedule). */
export async function frozenNow(page: Page) {
  const week = (await (await page.request.get("/api/auth/schedule")).json()) as ScheduleAnswer;
  return pointsPeriod(new Date(), week.timeZone).frozen;
}

/** Opens the chat room and passes the rules-and-sound welcome. */
export async function enterChat(page: Page) {
  await page.goto(PATHS.chat);
  const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
}

/**
 * Two new members, A on a desktop and B on a phone (390 x 844), each granted `points`, in the chat
 * room with their points shown in its header.
 */
export async function twoPlayersInChat(
  openMember: (options?: {
    viewport?: { width: number; height: number };
  }) => Promise<MemberSession>,
  points: number,
) {
  const a = await openMember();
  const b = await openMember({ viewport: { width: 390, height: 844 } });
  const [aId, bId] = [await idOf(a.member), await idOf(b.member)];
  await grantPoints(aId, points);
  await grantPoints(bId, points);
  await enterChat(a.page);
  await enterChat(b.page);
  await expect(myPoints(a.page, points)).toBeVisible();
  await expect(myPoints(b.page, points)).toBeVisible();
  return { a, b, aId, bId };
}
