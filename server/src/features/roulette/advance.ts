import {
  CHAT_NAMESPACE,
  ROULETTE_SERVER_EVENTS as OUT,
  payout,
  ROULETTE_REASONS,
} from "@airwave/contracts";
import { and, eq, inArray, lte, min } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { Tx } from "../../platform/db/index.ts";
import { type AfterCommit, transaction } from "../../platform/db/transaction.ts";
import { lastBoundary, settledAt } from "../arcade/public.ts";
import { moveGamePoints } from "../points/service.ts";
import { openBetting } from "./bets.ts";
import {
  betOf,
  currentRound,
  drawNumber,
  historyOf,
  openNewRound,
  type RoundRow,
  stateOf,
  timings,
} from "./rounds.ts";
import { rouletteBets, rouletteRounds } from "./schema.ts";

/**
 * The round's moves when they fall due (the sweep job on one instance, and each instance's
 * wake-up). Each move is one conditional update of the round's status, so a move met by another
 * instance's, or repeated after a restart, happens once. A move found late (every instance was
 * down) is still made: the number is fixed by the committed seed, so a late round spins and settles
 * by it and its seed is revealed like any other's. A round holding stakes from before the points
 * freeze or the month's start is drawn and settled at once (decisions: no stake crosses the month).
 */

const room = { all: true, namespace: CHAT_NAMESPACE } as const;

/** Betting ended: the number is drawn from the seed and the wheel spins (`roulette-spin`). */
async function spin(ctx: AppContext, round: RoundRow, now: Date): Promise<boolean> {
  const number = await drawNumber(round.seed);
  const resultAt = new Date(now.getTime() + timings(ctx).spinMs);
  const [spun] = await ctx.db
    .update(rouletteRounds)
    .set({ status: "spinning", number, resultAt })
    .where(
      and(
        eq(rouletteRounds.id, round.id),
        eq(rouletteRounds.status, "betting"),
        lte(rouletteRounds.bettingEndsAt, now),
      ),
    )
    .returning();
  if (!spun) return false;
  ctx.realtime.publish(
    OUT.spin,
    { roundId: round.id, number, resultAt: resultAt.toISOString() },
    room,
  );
  return true;
}

/**
 * Pays a round just moved to finished (its number set), inside the transaction that moved it (the
 * update waited for the joins holding the round): every winning member is paid back what their
 * bets pay (`roulette-win`, stake included; their points rows taken in the order of their ids) at
 * `at`, and the house's net is stored. After the commit the room gets `roulette-result` (the seed
 * revealed) and the history.
 */
async function payOut(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  done: RoundRow & { number: number; resetAt: Date },
  at: Date,
): Promise<void> {
  const number = done.number;
  const bets = await tx.select().from(rouletteBets).where(eq(rouletteBets.roundId, done.id));
  const paid = new Map<string, number>();
  let staked = 0;
  for (const bet of bets) {
    staked += bet.amount;
    const back = payout(betOf(bet), number);
    if (back > 0) paid.set(bet.userId, (paid.get(bet.userId) ?? 0) + back);
  }
  const winners = [...paid.keys()].sort();
  for (const userId of winners) {
    await moveGamePoints(ctx, tx, afterCommit, {
      userId,
      delta: paid.get(userId) ?? 0,
      reason: ROULETTE_REASONS.win,
      reference: done.id,
      now: at,
    });
  }
  const paidOut = [...paid.values()].reduce((a, b) => a + b, 0);
  // Within an integer: a round's stakes are at most ROULETTE_LIMITS.maxRoundStake (./bets.ts).
  await tx
    .update(rouletteRounds)
    .set({ houseNet: staked - paidOut })
    .where(eq(rouletteRounds.id, done.id));
  const history = await historyOf(tx);
  afterCommit(() => {
    ctx.realtime.publish(
      OUT.result,
      {
        roundId: done.id,
        number,
        seed: done.seed,
        seedHash: done.seedHash,
        resetAt: done.resetAt.toISOString(),
        winAmounts: Object.fromEntries(paid),
      },
      room,
    );
    ctx.realtime.publish(OUT.historyUpdate, { history }, room);
  });
}

/** The spin ended: in one transaction the round moves from spinning to finished and is paid. */
async function settle(ctx: AppContext, round: RoundRow, now: Date): Promise<boolean> {
  const resetAt = new Date(now.getTime() + timings(ctx).resetMs);
  return transaction(ctx, async (tx, afterCommit) => {
    const [done] = await tx
      .update(rouletteRounds)
      .set({ status: "finished", finishedAt: now, resetAt })
      .where(
        and(
          eq(rouletteRounds.id, round.id),
          eq(rouletteRounds.status, "spinning"),
          lte(rouletteRounds.resultAt, now),
        ),
      )
      .returning();
    if (!done || done.number === null) return false;
    await payOut(ctx, tx, afterCommit, { ...done, number: done.number, resetAt }, now);
    return true;
  });
}

/**
 * The round holds stakes from before the last boundary of the points month (the freeze start, the
 * 1st): it is drawn (the number its seed fixes) and settled at once, in one transaction moving it
 * from waiting, betting or spinning to finished, its ledger rows written in the month of its first
 * stake. The room gets `roulette-spin` (unless it was spinning) and `roulette-result`.
 */
async function closeForMonth(ctx: AppContext, round: RoundRow, now: Date): Promise<boolean> {
  const [first] = await ctx.db
    .select({ at: min(rouletteBets.createdAt) })
    .from(rouletteBets)
    .where(eq(rouletteBets.roundId, round.id));
  if (!first?.at || first.at >= lastBoundary(ctx, now)) return false;
  const at = settledAt(ctx, first.at, now);
  const number = round.number ?? (await drawNumber(round.seed));
  const resetAt = new Date(now.getTime() + timings(ctx).resetMs);
  return transaction(ctx, async (tx, afterCommit) => {
    const [done] = await tx
      .update(rouletteRounds)
      .set({
        status: "finished",
        number,
        bettingEndsAt: round.bettingEndsAt ?? at,
        resultAt: round.resultAt ?? at,
        finishedAt: at,
        resetAt,
      })
      .where(
        and(
          eq(rouletteRounds.id, round.id),
          inArray(rouletteRounds.status, ["waiting", "betting", "spinning"]),
        ),
      )
      .returning();
    if (!done) return false;
    if (round.status !== "spinning") {
      const spun = { roundId: done.id, number, resultAt: at.toISOString() };
      afterCommit(() => ctx.realtime.publish(OUT.spin, spun, room));
    }
    await payOut(ctx, tx, afterCommit, { ...done, number, resetAt }, at);
    return true;
  });
}

/** A finished round past its reset makes way: closed, and a new round opens (`roulette-state`). */
async function reset(ctx: AppContext, round: RoundRow, now: Date): Promise<boolean> {
  const [closed] = await ctx.db
    .update(rouletteRounds)
    .set({ status: "closed" })
    .where(
      and(
        eq(rouletteRounds.id, round.id),
        eq(rouletteRounds.status, "finished"),
        lte(rouletteRounds.resetAt, now),
      ),
    )
    .returning();
  return !!closed;
}

/**
 * Does what is due at the clock's now, move after move (after a long stop: the spin, then the
 * result as soon as it is due, then a new round), and opens a new round when there is none
 * (telling the room). Answers the number of moves.
 */
export async function advanceDue(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let moves = 0;
  for (let step = 0; step < 5; step++) {
    const round = await currentRound(ctx.db);
    let moved = false;
    if (!round) {
      const made = await openNewRound(ctx);
      if (made) ctx.realtime.publish(OUT.state, await stateOf(ctx.db, made), room);
      return moves + (made ? 1 : 0);
    }
    if (round.status !== "finished" && (await closeForMonth(ctx, round, now))) {
      moved = true;
    } else if (round.status === "waiting") {
      moved = await openBetting(ctx, round.id);
    } else if (round.status === "betting" && round.bettingEndsAt && round.bettingEndsAt <= now) {
      moved = await spin(ctx, round, now);
    } else if (round.status === "spinning" && round.resultAt && round.resultAt <= now) {
      moved = await settle(ctx, round, now);
    } else if (round.status === "finished" && round.resetAt && round.resetAt <= now) {
      moved = await reset(ctx, round, now);
    }
    if (!moved) return moves;
    moves++;
  }
  return moves;
}

/** When the current round next falls due, or null (waiting for a first player). */
export async function nextDueAt(ctx: AppContext): Promise<Date | null> {
  const round = await currentRound(ctx.db);
  if (!round) return null;
  if (round.status === "betting") return round.bettingEndsAt;
  if (round.status === "spinning") return round.resultAt;
  if (round.status === "finished") return round.resetAt;
  return null;
}
