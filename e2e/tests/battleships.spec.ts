import {
  BATTLESHIPS_LIMITS,
  COINFLIP_UI_TEXTS as CT,
  MONTH_END_TEXTS as E,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Locator } from "@playwright/test";
import { screenshot, test } from "../support/fixtures.ts";
import { frozenNow, myPoints, twoPlayersInChat } from "../support/games.ts";

/** A ship as the test seam gives it (server/src/features/battleships/test-seam.ts). */
interface SeamShip {
  id: number;
  length: number;
  cells: [number, number][];
}

/** The member shoots at (row, col) of the target grid, and waits until their page shows the shot. */
async function shoot(modal: Locator, row: number, col: number) {
  const target = modal.getByRole("group", { name: T.targetGrid });
  await target.getByRole("button", { name: T.cellLabel(row, col, T.cellStates.unknown) }).click();
  await expect(
    target.getByRole("button", {
      name: new RegExp(`^${T.cellLabel(row, col, "")}(${T.cellStates.hit}|${T.cellStates.miss})$`),
    }),
  ).toBeVisible();
}

test("two members play battleships to the end: both see the result and their points move by the wager", async ({
  openMember,
}) => {
  test.setTimeout(180_000);
  const { a, b, aId, bId } = await twoPlayersInChat(openMember, 20);

  // A opens battleships from the arcade.
  await a.page.getByRole("button", { name: CT.arcadeOpen }).click();
  const arcade = a.page.getByRole("dialog", { name: CT.arcadeTitle });
  if (await frozenNow(a.page)) {
    // From the 25th to the 1st (station time) games are closed, marked so, and do not open; the
    // server's tests play whole games at a set clock (and refuse them in the freeze).
    const tile = arcade.getByRole("button", {
      name: new RegExp(`^${CT.battleshipsName}\\s*${E.closedMark}`),
    });
    await expect(tile).toBeDisabled();
    return;
  }
  await arcade.getByRole("button", { name: CT.battleshipsName }).click();
  const wager = a.page.getByRole("dialog", { name: T.wagerTitle });
  await expect(wager.getByRole("textbox", { name: CT.wagerLabel })).toHaveValue(
    String(BATTLESHIPS_LIMITS.minWager),
  );
  await screenshot(a.page, "battleships-wager-1280", { fullPage: false });
  await wager.getByRole("button", { name: T.createOffer }).click();
  await expect(wager).toBeHidden();
  await expect(myPoints(a.page, 15)).toBeVisible();

  // B sees the offer in the chat and accepts it.
  const card = b.page.getByRole("group", { name: T.offerBy(a.member.username, 5) });
  await expect(card).toBeVisible();
  await screenshot(b.page, "battleships-offer-390", { fullPage: false });
  const gameId = await card.getAttribute("data-game-id");
  expect(gameId).toBeTruthy();
  await card.getByRole("button", { name: T.accept }).click();
  await expect(myPoints(b.page, 15)).toBeVisible();

  const modalA = a.page.getByRole("dialog", { name: T.modalTitle });
  const modalB = b.page.getByRole("dialog", { name: T.modalTitle });
  await expect(modalA.getByText(T.yourTurn)).toBeVisible();
  await expect(modalB.getByText(T.theirTurn(a.member.username))).toBeVisible();

  // The server's fleets, through the test-only seam (TEST_SEAMS=on in the browser tests only).
  const seam = await a.page.request.get(`/api/test-seams/battleships/${gameId}/fleets`);
  expect(seam.status()).toBe(200);
  const fleets = (await seam.json()) as Record<string, SeamShip[]>;
  const cells = (fleet: SeamShip[] | undefined) => (fleet ?? []).flatMap((s) => s.cells);
  const targets = cells(fleets[bId]);
  const taken = new Set(cells(fleets[aId]).map(([r, c]) => `${r},${c}`));
  const water: [number, number][] = [];
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++) if (!taken.has(`${r},${c}`)) water.push([r, c]);

  // A hits every cell of B's fleet; B misses in between.
  let shots = 0;
  for (const [r, c] of targets) {
    await shoot(modalA, r, c);
    shots++;
    if (shots === 3) {
      await screenshot(a.page, "battleships-modal-1280", { fullPage: false });
    }
    if (shots === targets.length) break;
    const [mr, mc] = water.shift() ?? [0, 0];
    await shoot(modalB, mr, mc);
    if (shots === 3) await screenshot(b.page, "battleships-modal-390", { fullPage: false });
  }

  // Both see the result and the points.
  await expect(modalA.getByText(T.youWon(5))).toBeVisible();
  await expect(modalA.getByText(T.pointsBeforeAfter(20, 25))).toBeVisible();
  await expect(modalB.getByText(T.youLost(5))).toBeVisible();
  await expect(modalB.getByText(T.pointsBeforeAfter(20, 15))).toBeVisible();
  await screenshot(a.page, "battleships-result-1280", { fullPage: false });
  await screenshot(b.page, "battleships-result-390", { fullPage: false });
  await modalA.getByRole("button", { name: T.close }).click();
  await modalB.getByRole("button", { name: T.close }).click();
  await expect(myPoints(a.page, 25)).toBeVisible();
  await expect(myPoints(b.page, 15)).toBeVisible();
});
