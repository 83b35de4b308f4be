import {
  CHAT_RULES,
  CHAT_TEXTS,
  DJ_VOTES_UI_TEXTS as D,
  DJ_VOTE_LIMITS,
  DJ_VOTE_MESSAGES,
  LEADERBOARD_TEXTS as L,
  MONTH_END_TEXTS as M,
  POINTS_UI_TEXTS as P,
  PATHS,
  pointsPeriod,
  SCOREBOARD_MESSAGES,
  type ScheduleAnswer,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { screenshot, seeded, test } from "../support/fixtures.ts";

/** Opens the chat room past the rules-and-sound welcome, ready to type. */
async function openChat(page: Page) {
  await page.goto(PATHS.chat);
  const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
}

/** Whether the station is in the month-end freeze now (the app's own time zone, from the schedule). */
async function frozenNow(page: Page) {
  const week = (await (await page.request.get("/api/auth/schedule")).json()) as ScheduleAnswer;
  return pointsPeriod(new Date(), week.timeZone).frozen;
}

test("the leaderboard, the month-end countdown and a DJ vote from the chat room's header (1280 px)", async ({
  openMember,
}) => {
  const { page, member } = await openMember();
  await openChat(page);
  const frozen = await frozenNow(page);
  if (!frozen) {
    // A message earns the member a point: they are on this month's board.
    const input = page.getByRole("combobox", { name: CHAT_TEXTS.inputLabel });
    await input.fill("Counting the days to the 25th");
    await input.press("Enter");
    await expect(page.getByText(P.myPoints(1), { exact: true })).toBeVisible();
  }
  // The countdown: to the 25th, or in the freeze to the 1st.
  await expect(page.getByRole("timer")).toHaveText(
    new RegExp(`^${(frozen ? M.untilNewMonth("") : M.untilFreeze("")).trim()} `),
  );

  await page.getByRole("button", { name: L.open }).click();
  const board = page.getByRole("dialog", { name: L.title });
  await expect(board).toBeVisible();
  const search = board.getByRole("searchbox", { name: L.searchLabel });
  if (frozen) {
    await expect(search).toBeDisabled();
    await expect(board.getByText(SCOREBOARD_MESSAGES.searchClosed)).toBeVisible();
  } else {
    const mine = board.getByRole("listitem").filter({ hasText: member.username });
    await expect(mine).toContainText(L.score(1));
    await search.fill(member.username);
    await expect(board.getByRole("listitem")).toHaveCount(1);
    await expect(mine).toBeVisible();
    await search.fill("zz_nobody_by_this_name");
    await expect(board.getByText(SCOREBOARD_MESSAGES.noMatch)).toBeVisible();
  }
  await screenshot(page, "chat-leaderboard-1280", { fullPage: false });
  await board.getByRole("button", { name: L.close }).click();
  await expect(board).toBeHidden();

  await page.getByRole("button", { name: D.open }).click();
  const votes = page.getByRole("dialog", { name: D.title });
  const dj = seeded().dj.username;
  const row = votes.getByRole("listitem").filter({ hasText: dj });
  await expect(row).toHaveCount(1);
  const vote = row.getByRole("button", { name: D.voteFor(dj) });
  if (frozen) {
    await expect(votes.getByText(DJ_VOTE_MESSAGES.votingClosed, { exact: false })).toBeVisible();
    await expect(vote).toBeDisabled();
  } else {
    await expect(votes.getByText(D.votesLeft(DJ_VOTE_LIMITS.votesPerMonth))).toBeVisible();
    await vote.click();
    await expect(votes.getByText(DJ_VOTE_MESSAGES.voted)).toBeVisible();
    await expect(votes.getByText(D.votesLeft(DJ_VOTE_LIMITS.votesPerMonth - 1))).toBeVisible();
  }
  await screenshot(page, "chat-dj-votes-1280", { fullPage: false });
});

test("on a 390 px phone the leaderboard and the DJ votes open from one points menu", async ({
  openMember,
}) => {
  const { page } = await openMember({ viewport: { width: 390, height: 844 } });
  await openChat(page);
  const menuButton = page.getByRole("button", { name: L.open });
  await expect(menuButton).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "chat-header-points-390", { fullPage: false });

  await menuButton.click();
  await page.getByRole("menuitem", { name: L.open }).click();
  const board = page.getByRole("dialog", { name: L.title });
  await expect(board.getByRole("searchbox", { name: L.searchLabel })).toBeVisible();
  await screenshot(page, "chat-leaderboard-390", { fullPage: false });
  await board.getByRole("button", { name: L.close }).click();

  // The DJ votes are in the same menu on a phone.
  await menuButton.click();
  await page.getByRole("menuitem", { name: D.open }).click();
  const votes = page.getByRole("dialog", { name: D.title });
  await expect(votes.getByRole("listitem").filter({ hasText: seeded().dj.username })).toBeVisible();
  await screenshot(page, "chat-dj-votes-390", { fullPage: false });
});
