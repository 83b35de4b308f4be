import {
  BATTLESHIPS_MESSAGES,
  type BattleshipsGameOverEvent,
  BATTLESHIPS_SERVER_EVENTS as BS_OUT,
  COINFLIP_CLIENT_EVENTS as CF_IN,
  COINFLIP_SERVER_EVENTS as CF_OUT,
  type CoinflipOffer,
  pointsPeriod,
  ROULETTE_CLIENT_EVENTS as R_IN,
  ROULETTE_SERVER_EVENTS as R_OUT,
  type RouletteBetsConfirmed,
  type RouletteResult,
} from "@airwave/contracts";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offer, startGame } from "../../../test/battleships.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { gameTime, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { battleshipsGames } from "../battleships/schema.ts";
import { BATTLESHIPS_SWEEP_JOB } from "../battleships/timers.ts";
import { coinflipOffers } from "../coinflip/schema.ts";
import { COINFLIP_SETTLE_JOB } from "../coinflip/timers.ts";
import { pointsLedger } from "../points/schema.ts";
import { rouletteRounds } from "../roulette/schema.ts";
import { roundNets, verifies } from "../roulette/test-support.ts";
import { ROULETTE_ROUND_JOB } from "../roulette/timers.ts";

/**
 * Battleships had no time limit and no game settled at the month's boundaries (security review,
 * issue 26): a game offered on the 24th could be finished on the 1st, its winner starting the new
 * month with both stakes. With the clock moved across the freeze start (the 25th) and across the
 * 1st, every offer, game and round of every game (battleships, coin flip, roulette) holding stakes
 * is settled or refunded, in the month the stakes were taken: none is held into the new month, and
 * each game's ledger balances.
 */

const room = chatRoomFixture();
const db = () => room.t.ctx.db;
// Europe/London (the default station time zone) is on UTC in November, December and January.
const time = gameTime(() => [room.t], { start: "2026-11-24T23:59:40Z", eachTest: false });

const member = (points: number) => memberWithPoints(db(), (m) => room.join(m), points, time.now());

const sweepAll = async () => {
  for (const job of [BATTLESHIPS_SWEEP_JOB, COINFLIP_SETTLE_JOB, ROULETTE_ROUND_JOB])
    await room.t.jobs.runOnce(job);
};

/** A coin flip offered by `a`; accepted by `b` when given. */
async function flip(a: ChatClient, wager: number, b?: ChatClient) {
  a.socket.emit(CF_IN.create, { pick: "heads", wager });
  const open = await a.next<CoinflipOffer>(
    CF_OUT.offer,
    (o) => o.initiator.id === a.member.user.id && o.state === "open",
  );
  if (!b) return open.offerId;
  b.socket.emit(CF_IN.accept, { offerId: open.offerId });
  await b.next<CoinflipOffer>(CF_OUT.accepted, (o) => o.offerId === open.offerId);
  return open.offerId;
}

/** `client` joins the roulette round with one bet on red; answers the round's id. */
async function rouletteBet(client: ChatClient, amount: number) {
  client.socket.emit(R_IN.placeBets, { bets: [{ type: "color", value: "red", amount }] });
  return (await client.next<RouletteBetsConfirmed>(R_OUT.betsConfirmed)).roundId;
}

/**
 * Every kind of stake a month can hold, taken in the last seconds before a boundary: a battleships
 * offer and a battleships game in play, a coin flip offer and an accepted flip counting down, and
 * two members in a roulette round still betting.
 */
async function stakesEverywhere() {
  const members = {
    bsOffer: await member(30),
    bsA: await member(30),
    bsB: await member(30),
    cfOffer: await member(30),
    cfA: await member(30),
    cfB: await member(30),
    rA: await member(100),
    rB: await member(100),
  };
  const bsOffer = (await offer(members.bsOffer, 10)).gameId;
  const bsGame = (await startGame(db(), members.bsA, members.bsB, 10)).gameId;
  const cfOffer = await flip(members.cfOffer, 10);
  time.advance(15_000); // 23:59:55: the flip starts, and betting closes, after the boundary.
  const cfFlip = await flip(members.cfA, 10, members.cfB);
  const roundId = await rouletteBet(members.rA, 40);
  await rouletteBet(members.rB, 20);
  return { members, bsOffer, bsGame, cfOffer, cfFlip, roundId };
}

type Stakes = Awaited<ReturnType<typeof stakesEverywhere>>;

/**
 * Nothing holds a stake any more, and the ledger balances: each battleships game's and coin flip's
 * rows sum to zero (stakes, refunds, the winner's both stakes), the round's players' nets and the
 * house's sum to zero, and every row is in the points month of `month` (the stakes' month).
 */
async function settledWithin(s: Stakes, month: string) {
  const bs = await db()
    .select()
    .from(battleshipsGames)
    .where(inArray(battleshipsGames.id, [s.bsOffer, s.bsGame]));
  expect(bs.map((g) => [g.id, g.state, g.endReason]).sort()).toEqual(
    [
      [s.bsOffer, "expired", null],
      [s.bsGame, "finished", "cancelled"],
    ].sort(),
  );
  const cf = await db()
    .select()
    .from(coinflipOffers)
    .where(inArray(coinflipOffers.id, [s.cfOffer, s.cfFlip]));
  expect(cf.map((o) => [o.id, o.state]).sort()).toEqual(
    [
      [s.cfOffer, "expired"],
      [s.cfFlip, "settled"],
    ].sort(),
  );
  const nets = await roundNets(room.t.ctx, s.roundId);
  expect(nets.round?.status).toBe("finished");
  let players = 0;
  for (const n of nets.players.values()) players += n;
  expect((nets.houseNet ?? Number.NaN) + players).toBe(0);

  const references = [s.bsOffer, s.bsGame, s.cfOffer, s.cfFlip];
  const rows = await db()
    .select()
    .from(pointsLedger)
    .where(inArray(pointsLedger.reference, [...references, s.roundId]));
  for (const reference of references) {
    const sum = rows.filter((r) => r.reference === reference).reduce((a, r) => a + r.delta, 0);
    expect(sum, reference).toBe(0);
  }
  const tz = room.t.ctx.config.STATION_TIMEZONE;
  expect(new Set(rows.map((r) => pointsPeriod(r.createdAt, tz).month))).toEqual(new Set([month]));
}

describe("no stake of any game crosses the month (Battleships has no time limit; freeze and reset)", () => {
  it("at the freeze start (the 25th) every offer, game and round is settled or refunded, and the players told", async () => {
    const s = await stakesEverywhere();
    const { bsA, bsB } = s.members;
    time.set("2026-11-25T00:00:00Z");
    await sweepAll();

    for (const player of [bsA, bsB]) {
      const over = await player.next<BattleshipsGameOverEvent>(BS_OUT.gameOver);
      expect(over).toMatchObject({
        gameId: s.bsGame,
        message: BATTLESHIPS_MESSAGES.monthClosed,
        state: { status: "finished", end: "cancelled", winnerId: null },
      });
    }
    await bsA.next(BS_OUT.timeout, (e: { gameId: string }) => e.gameId === s.bsOffer);
    const result = await s.members.rA.next<RouletteResult>(
      R_OUT.result,
      (r) => r.roundId === s.roundId,
    );
    expect(await verifies(result)).toBe(true);
    await settledWithin(s, "2026-11");
    // Stakes back: the battleships and coin flip players have their points of the month again.
    for (const player of [s.members.bsOffer, bsA, bsB, s.members.cfOffer])
      expect(await pointsOf(player)).toBe(30);
    expect((await pointsOf(s.members.cfA)) + (await pointsOf(s.members.cfB))).toBe(60);

    // A shot in the stopped game is refused; nothing reopens.
    bsA.socket.emit("battleships-shoot", { gameId: s.bsGame, row: 0, col: 0 });
    expect((await bsA.next<{ message: string }>(BS_OUT.error)).message).toBe(
      BATTLESHIPS_MESSAGES.gameOver,
    );
    time.set("2026-12-01T00:00:00Z");
    await sweepAll();
    for (const c of Object.values(s.members)) expect(await pointsOf(c)).toBe(0);
  });

  it("at the 1st, with the freeze slept through (every instance down), the stakes settle in their own month: everyone starts from 0", async () => {
    time.set("2026-12-24T23:59:40Z");
    // The round the first test left makes way for a new one.
    await sweepAll();
    await sweepAll();
    const s = await stakesEverywhere();
    time.set("2027-01-01T00:00:01Z");
    await sweepAll();
    await settledWithin(s, "2026-12");
    for (const c of Object.values(s.members)) expect(await pointsOf(c)).toBe(0);
    const [round] = await db()
      .select()
      .from(rouletteRounds)
      .where(inArray(rouletteRounds.id, [s.roundId]));
    expect(round?.finishedAt?.toISOString()).toBe("2026-12-31T23:59:59.999Z");
  });
});
