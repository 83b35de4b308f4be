import {
  CHAT_NAMESPACE,
  ROULETTE_SERVER_EVENTS as OUT,
  payout,
  ROULETTE_LIMITS,
  ROULETTE_REASONS,
} from "@airwave/contracts";
import { and, eq, inArray, lte } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { Tx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
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
 * instance's, or repeated after a restart, happens once.
 */

const room = { all: true, namespace: CHAT_NAMESPACE } as const;

/** Stakes by member, in the order of their ids (the order their points rows are taken). */
async function stakesOf(tx: Tx, roundId: string) {
  const rows = await tx.select().from(rouletteBets).where(eq(rouletteBets.roundId, roundId));
  const byMember = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  return [...byMember.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

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
 * The spin ended: in one transaction the round moves from spinning to finished (its seed now
 * revealed; the update waits for joins holding the round), then every winning member is paid back
 * what their bets pay (`roulette-win`, stake included; their points rows taken in the order of
 * their ids), and the house's net is stored. The room gets `roulette-result` and the history.
 */
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
        now,
      });
    }
    const paidOut = [...paid.values()].reduce((a, b) => a + b, 0);
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
          resetAt: resetAt.toISOString(),
          winAmounts: Object.fromEntries(paid),
        },
        room,
      );
      ctx.realtime.publish(OUT.historyUpdate, { history }, room);
    });
    return true;
  });
}

/**
 * A round found past a due time by more than `overdueMarginMs` was cut off (no instance ran it
 * then: a restart): in one transaction it moves from betting or spinning to refunded, once, and
 * each member gets their stakes back (`roulette-refund`; points rows in the order of their ids).
 */
export async function refund(ctx: AppContext, roundId: string, now: Date): Promise<boolean> {
  return transaction(ctx, async (tx, afterCommit) => {
    const [voided] = await tx
      .update(rouletteRounds)
      .set({ status: "refunded", finishedAt: now, houseNet: 0 })
      .where(
        and(
          eq(rouletteRounds.id, roundId),
          inArray(rouletteRounds.status, ["betting", "spinning"]),
        ),
      )
      .returning();
    if (!voided) return false;
    // Read after the update, which waited for every join holding the round's row.
    for (const [userId, rows] of await stakesOf(tx, roundId)) {
      await moveGamePoints(ctx, tx, afterCommit, {
        userId,
        delta: rows.reduce((sum, r) => sum + r.amount, 0),
        reason: ROULETTE_REASONS.refund,
        reference: roundId,
        now,
      });
    }
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

const overdue = (due: Date | null, now: Date) =>
  !!due && now.getTime() - due.getTime() > ROULETTE_LIMITS.overdueMarginMs;

/**
 * Does what is due at the clock's now, move after move (after a long stop: refund, then a new
 * round), and opens a new round when there is none (telling the room). Answers the number of moves.
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
    if (round.status === "waiting") {
      moved = await openBetting(ctx, round.id);
    } else if (round.status === "betting" && round.bettingEndsAt && round.bettingEndsAt <= now) {
      moved = overdue(round.bettingEndsAt, now)
        ? await refund(ctx, round.id, now)
        : await spin(ctx, round, now);
    } else if (round.status === "spinning" && round.resultAt && round.resultAt <= now) {
      moved = overdue(round.resultAt, now)
        ? await refund(ctx, round.id, now)
        : await settle(ctx, round, now);
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
