import {
  COINFLIP_UI_TEXTS as A,
  CHAT_RULES,
  CHAT_TEXTS,
  ROULETTE_MESSAGES as M,
  POINTS_UI_TEXTS as P,
  PATHS,
  POINTS_API,
  payout,
  pointsPeriod,
  type RouletteBet,
  rouletteColor,
  type ScheduleAnswer,
  ROULETTE_UI_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import {
  adminApi,
  apiSession,
  type Credentials,
  type MemberSession,
  screenshot,
  test,
} from "../support/fixtures.ts";

/**
 * Roulette in the browser (issue 17): three members bet on one shared round, see the same number,
 * the verify view confirms it in each browser, and their points move as the payouts say. The app
 * runs the round shortened (support/global-setup.ts: ROULETTE_* in the README's configuration).
 */

const START = 100;

const myPoints = (page: Page, points: number) =>
  page.getByLabel(P.myPointsLabel(points), { exact: true });

async function grant(who: Credentials, delta: number) {
  const member = await apiSession(who);
  const me = await (await member.get("/api/auth/userdata")).json();
  await member.dispose();
  const admin = await adminApi();
  const res = await admin.post(POINTS_API.adminUserPoints(me._id), { delta });
  expect(res.status()).toBe(200);
  await admin.dispose();
}

async function frozenNow(page: Page) {
  const week = (await (await page.request.get("/api/auth/schedule")).json()) as ScheduleAnswer;
  return pointsPeriod(new Date(), week.timeZone).frozen;
}

async function enterChat(page: Page) {
  await page.goto(PATHS.chat);
  const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
}

async function openRoulette(page: Page) {
  await page.getByRole("button", { name: A.arcadeOpen }).click();
  await page
    .getByRole("dialog", { name: A.arcadeTitle })
    .getByRole("button", { name: A.rouletteName })
    .click();
  const modal = page.getByRole("dialog", { name: T.title });
  await expect(modal.getByRole("status")).toBeVisible();
  return modal;
}

const labelOf = (bet: RouletteBet): string => {
  switch (bet.type) {
    case "number":
      return String(bet.value);
    case "color":
      return bet.value === "red" ? T.betLabels.red : T.betLabels.black;
    case "even-odd":
      return bet.value === "even" ? T.betLabels.even : T.betLabels.odd;
    case "range":
      return T.betLabels.range(bet.value);
    case "dozen":
      return T.betLabels.dozen(bet.value);
    case "column":
      return T.betLabels.column(bet.value);
  }
};

/** Puts each bet on the table with one chip of its amount. */
async function placeDraft(page: Page, bets: RouletteBet[]) {
  const modal = page.getByRole("dialog", { name: T.title });
  for (const bet of bets) {
    await modal.getByRole("button", { name: T.chip(bet.amount), exact: true }).click();
    await modal.getByRole("button", { name: T.betOn(labelOf(bet)), exact: true }).click();
  }
  const total = bets.reduce((s, b) => s + b.amount, 0);
  await expect(modal.getByText(T.totalBet(total))).toBeVisible();
}

test("three members bet on one roulette round: the same number for all, the verify view confirms it, points move by the payouts", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const a = await openMember();
  const b = await openMember();
  const c = await openMember({ viewport: { width: 390, height: 844 } });
  const players: [MemberSession, RouletteBet[]][] = [
    [a, [{ type: "color", value: "red", amount: 25 }]],
    [
      b,
      [
        { type: "number", value: 17, amount: 10 },
        { type: "even-odd", value: "odd", amount: 5 },
      ],
    ],
    [c, [{ type: "range", value: "1-18", amount: 50 }]],
  ];
  for (const [p] of players) {
    await grant(p.member, START);
    await enterChat(p.page);
    await expect(myPoints(p.page, START)).toBeVisible();
  }
  const modals = [];
  for (const [p] of players) modals.push(await openRoulette(p.page));
  const [modalA, modalB, modalC] = modals as [
    ReturnType<Page["getByRole"]>,
    ReturnType<Page["getByRole"]>,
    ReturnType<Page["getByRole"]>,
  ];

  if (await frozenNow(a.page)) {
    // From the 25th to the 1st (station time) roulette is closed and says so (the round itself is
    // played by the server's tests at a set clock).
    await expect(modalA.getByText(M.closed)).toBeVisible();
    await expect(modalA.getByRole("button", { name: T.join })).toBeDisabled();
    await screenshot(a.page, "roulette-closed-1280", { fullPage: false });
    return;
  }

  // A round between rounds (another test's) would close betting under us: wait for an open table.
  for (const modal of modals)
    await expect(modal.getByRole("status")).toHaveText(/Place your bets|Bets close in/, {
      timeout: 30_000,
    });

  // Each lays their chips first, then all three join quickly (betting runs 15 s here).
  for (const [p, bets] of players) await placeDraft(p.page, bets);
  await screenshot(c.page, "roulette-draft-390", { fullPage: false });
  for (const [p] of players) {
    await p.page
      .getByRole("dialog", { name: T.title })
      .getByRole("button", { name: T.join })
      .click();
  }
  for (const [p, bets] of players) {
    const modal = p.page.getByRole("dialog", { name: T.title });
    await expect(modal.getByText(T.joined)).toBeVisible();
    await expect(modal.getByRole("button", { name: T.join })).toBeDisabled();
    await expect(modal.getByRole("button", { name: T.clear })).toBeDisabled();
    const total = bets.reduce((s, x) => s + x.amount, 0);
    await expect(myPoints(p.page, START - total)).toBeVisible();
  }
  // Everyone sees the countdown and the three players with their totals.
  for (const modal of modals) {
    await expect(modal.getByRole("status")).toHaveText(/Bets close in \d+ s/);
    const list = modal.getByRole("list", { name: T.players });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list.getByText(T.playerTotal(50))).toBeVisible();
  }
  await screenshot(a.page, "roulette-betting-1280", { fullPage: false });
  await screenshot(c.page, "roulette-betting-390", { fullPage: false });

  // The wheel spins and stops on one number, the same in every browser.
  const banner = /Last result: (\d+) (Red|Black|Green)/;
  const numbers: number[] = [];
  for (const modal of modals) {
    const text = modal.getByText(banner);
    await expect(text).toBeVisible({ timeout: 40_000 });
    const [, n] = banner.exec((await text.textContent()) ?? "") ?? [];
    numbers.push(Number(n));
  }
  const [number] = numbers as [number];
  expect(numbers).toEqual([number, number, number]);
  await expect(modalA.getByRole("img", { name: `${T.wheel}: ${number}` })).toBeVisible();
  await expect(
    modalA.getByText(T.lastResult(number, T.colors[rouletteColor(number)])),
  ).toBeVisible();
  await screenshot(a.page, "roulette-result-1280", { fullPage: false });
  await screenshot(c.page, "roulette-result-390", { fullPage: false });

  // Points: start - stakes + what the bets paid back (stake included), in each header.
  for (const [p, bets] of players) {
    const total = bets.reduce((s, x) => s + x.amount, 0);
    const back = bets.reduce((s, x) => s + payout(x, number), 0);
    await expect(myPoints(p.page, START - total + back)).toBeVisible();
    const modal = p.page.getByRole("dialog", { name: T.title });
    await expect(modal.getByText(back > 0 ? T.youWon(back) : T.youLost)).toBeVisible();
  }

  // The verify view, in every browser: the round's seed hashes to the commitment, the number follows.
  for (const modal of [modalA, modalB, modalC]) {
    await modal.getByRole("tab", { name: T.tabVerify }).click();
    const round = modal.getByTestId("verify-round").first();
    await expect(round.getByText(`✓ ${T.hashMatches}`)).toBeVisible();
    await expect(round.getByText(`✓ ${T.numberMatches(number)}`)).toBeVisible();
  }
  await screenshot(a.page, "roulette-verify-1280", { fullPage: false });
  await screenshot(c.page, "roulette-verify-390", { fullPage: false });
});
