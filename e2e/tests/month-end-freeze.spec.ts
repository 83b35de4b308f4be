import {
  COINFLIP_UI_TEXTS as A,
  CHAT_TEXTS,
  DJ_VOTES_API,
  MONTH_END_TEXTS as M,
  pointsPeriod,
  ROULETTE_MESSAGES as R,
  ROULETTE_UI_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Locator, type Page } from "@playwright/test";
import { dayOfPastMonth, moveClocks, restoreClock, stationTimeZone } from "../support/clock.ts";
import { apiSession, type MemberSession, screenshot, seeded, test } from "../support/fixtures.ts";
import { enterChat, myPoints } from "../support/games.ts";

/**
 * Issue 29, problem 3: the month-end freeze said where it applies. On the 27th (station time) the
 * header's chip says points are frozen, each arcade game is marked "Closed until the 1st", roulette
 * shows its closed state only, and the banner names the Top DJ of the Month or says nobody has a
 * vote, with a line saying chat messages earn no points. The app's clock and the page's are moved
 * to the 27th of a past month (the test seam `PUT /api/test-seams/clock`, TEST_SEAMS=on here only,
 * and Playwright's page clock), so the test runs the same on any day; each test with votes takes a
 * month of its own, and the clock is given back after each test.
 */

const PHONE = { width: 390, height: 844 } as const;

/** Votes are cast in these past months (one per test); no test votes in `NO_VOTES`. */
const NO_VOTES = 1;
const VOTES_DESKTOP = 2;
const VOTES_PHONE = 3;

test.afterEach(restoreClock);

/** The member votes for the seeded DJ on the 10th of that past month (voting open then). */
async function voteOnThe10th({ member }: MemberSession, timeZone: string, monthsBack: number) {
  // Signed in before the clock moves: a session begun in the past would have ended by now.
  const voter = await apiSession(member);
  await moveClocks(dayOfPastMonth(timeZone, monthsBack, 10));
  const res = await voter.post(DJ_VOTES_API.voteDj, { djName: seeded().dj.username });
  expect(res.status(), await res.text()).toBe(200);
  await voter.dispose();
}

/** Opens the chat room on the 27th of that past month (app and page). */
async function chatOnThe27th(page: Page, timeZone: string, monthsBack: number) {
  const at = dayOfPastMonth(timeZone, monthsBack, 27);
  await moveClocks(at, page);
  await enterChat(page);
  return at;
}

/**
 * The chip (a phone shows it too): the freeze and the time to the new month, whole inside the
 * header. On a phone the header wraps its items: nothing runs off the screen's side. (At 1280 px
 * the header's row is 10 px wider than the chat box with this two-line chip, 22 px with the chip
 * before it and 41 px before the 25th: the header's buttons are issue 29's problem 13.)
 */
async function expectFrozenChip(page: Page, at: Date, timeZone: string) {
  const { end } = pointsPeriod(at, timeZone);
  const chip = page.getByRole("timer");
  await expect(chip).toHaveText(M.untilNewMonth(M.left(end.getTime() - at.getTime())));
  await expect(chip).toBeInViewport({ ratio: 1 });
  const header = page.getByRole("heading", { level: 1 }).locator("xpath=..");
  const [chipBox, headerBox] = [await chip.boundingBox(), await header.boundingBox()];
  if (!chipBox || !headerBox) throw new Error("the chip and the header are on the screen");
  expect(chipBox.x).toBeGreaterThanOrEqual(headerBox.x);
  expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(headerBox.x + headerBox.width);
  if ((page.viewportSize()?.width ?? 0) <= PHONE.width) {
    expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(PHONE.width);
  }
}

/** The month-end banner, with its line on chat messages. */
async function banner(page: Page): Promise<Locator> {
  const region = page.getByRole("region", { name: M.topDjTitle });
  await expect(region).toBeVisible();
  await expect(region.getByText(M.frozenNote)).toBeVisible();
  return region;
}

/** The arcade: each game marked; coin flip and battleships cannot start; roulette's closed table. */
async function expectArcadeClosed(page: Page) {
  await page.getByRole("button", { name: A.arcadeOpen }).click();
  const arcade = page.getByRole("dialog", { name: A.arcadeTitle });
  const tile = (name: string) =>
    arcade.getByRole("button", { name: new RegExp(`^${name}\\s*${M.closedMark}`) });
  await expect(arcade.getByText(M.closedMark)).toHaveCount(3);
  await expect(tile(A.coinflipName)).toBeDisabled();
  await expect(tile(A.battleshipsName)).toBeDisabled();
  for (const name of [A.coinflipName, A.battleshipsName, A.rouletteName])
    await expect(tile(name).getByText(M.closedMark)).toBeVisible();
  await screenshot(page, `arcade-freeze-${page.viewportSize()?.width}`, { fullPage: false });

  await tile(A.rouletteName).click();
  const roulette = page.getByRole("dialog", { name: T.title });
  await expect(roulette.getByRole("status")).toHaveText(M.closedMark);
  await expect(roulette.getByText(T.statusWaiting)).toHaveCount(0);
  await expect(roulette.getByText(R.closed)).toBeVisible();
  await expect(roulette.getByRole("button", { name: T.join })).toBeDisabled();
  await screenshot(page, `roulette-freeze-${page.viewportSize()?.width}`, { fullPage: false });
  await roulette.getByRole("button", { name: T.close }).click();
  await expect(roulette).toBeHidden();
}

test("on the 27th at 1280 px: the chip says points are frozen, every game is closed until the 1st, roulette shows its closed state only, and the banner says no votes this month", async ({
  openMember,
}) => {
  const { page } = await openMember();
  const timeZone = await stationTimeZone(page);
  const at = await chatOnThe27th(page, timeZone, NO_VOTES);
  await expectFrozenChip(page, at, timeZone);
  const region = await banner(page);
  await expect(region.getByText(M.noVotes)).toBeVisible();
  await expectArcadeClosed(page);
});

test("on the 27th at 1280 px the banner names the Top DJ of the Month with their votes", async ({
  openMember,
}) => {
  const session = await openMember();
  const { page } = session;
  const timeZone = await stationTimeZone(page);
  await voteOnThe10th(session, timeZone, VOTES_DESKTOP);
  const at = await chatOnThe27th(page, timeZone, VOTES_DESKTOP);
  await expectFrozenChip(page, at, timeZone);
  const region = await banner(page);
  await expect(region.getByText(seeded().dj.username)).toBeVisible();
  await expect(region.getByText(M.topDjVotes(1))).toBeVisible();
  await expect(region.getByText(M.noVotes)).toHaveCount(0);
  // A message in the freeze: it is sent and shown, and the member's points stay at 0.
  const text = "Counting down to the new month";
  const input = page.getByRole("combobox", { name: CHAT_TEXTS.inputLabel });
  await input.fill(text);
  await input.press("Enter");
  await expect(page.getByText(text)).toBeVisible();
  await expect(myPoints(page, 0)).toBeVisible();
  await screenshot(page, "chat-freeze-1280", { fullPage: false });
});

test("on the 27th at 390 px: the chip says points are frozen within the screen, every game is closed until the 1st, roulette shows its closed state only, and the banner says no votes this month", async ({
  openMember,
}) => {
  const { page } = await openMember({ viewport: PHONE });
  const timeZone = await stationTimeZone(page);
  const at = await chatOnThe27th(page, timeZone, NO_VOTES);
  await expectFrozenChip(page, at, timeZone);
  const region = await banner(page);
  await expect(region.getByText(M.noVotes)).toBeVisible();
  await expect(region).toBeInViewport();
  await expectArcadeClosed(page);
});

test("on the 27th at 390 px the banner names the Top DJ of the Month with their votes", async ({
  openMember,
}) => {
  const session = await openMember({ viewport: PHONE });
  const { page } = session;
  const timeZone = await stationTimeZone(page);
  await voteOnThe10th(session, timeZone, VOTES_PHONE);
  const at = await chatOnThe27th(page, timeZone, VOTES_PHONE);
  await expectFrozenChip(page, at, timeZone);
  const region = await banner(page);
  await expect(region.getByText(seeded().dj.username)).toBeVisible();
  await expect(region.getByText(M.topDjVotes(1))).toBeVisible();
  await screenshot(page, "chat-freeze-390", { fullPage: false });
});
