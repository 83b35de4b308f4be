import {
  CHAT_NAMESPACE,
  type ChatUser,
  mergeBets,
  ROULETTE_SERVER_EVENTS as OUT,
  pointsPeriod,
  ROULETTE_LIMITS,
  ROULETTE_MESSAGES,
  ROULETTE_REASONS,
  type RouletteBetsConfirmed,
  type RoulettePlaceBetsInput,
  roulettePlaceBetsSchema,
  totalOf,
  userRoom,
} from "@airwave/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { moveGamePoints } from "../points/service.ts";
import { ensureRound, timings } from "./rounds.ts";
import { rouletteBets, rouletteRounds } from "./schema.ts";

/** What the room is told after a member joins (the feature's chat wiring supplies them). */
export interface JoinEffects {
  /** Betting opened at this call: the round is due at `bettingEndsAt`. */
  dueAt?: (at: Date) => void;
  /** The round's players changed (coalesced into `roulette-players-update`). */
  playersChanged?: (roundId: string) => void;
}

export type PlaceBetsAnswer = { confirmed: RouletteBetsConfirmed } | { refused: string };

/**
 * A member joins the current round with all their bets (chat spec 4, 5): in one transaction the
 * round's row is held (joins one after the other, so the round's total is counted right; the spin
 * waits for them) and must still take bets (waiting, or betting before its end), the member's
 * points row is held, the member must not have joined already, their points must cover the total
 * ('Insufficient points!') and the round's stakes with theirs must stay within `maxRoundStake`;
 * then the total is taken (one `roulette-stake` ledger row referencing the round) and the bets
 * stored. The first join opens betting (the countdown) after the commit. Refused while points are
 * frozen. Bets on one position are added together before the per-position cap (the contract's).
 */
export async function placeBets(
  ctx: AppContext,
  member: ChatUser,
  input: RoulettePlaceBetsInput,
  effects: JoinEffects = {},
): Promise<PlaceBetsAnswer> {
  const now = ctx.clock.now();
  if (pointsPeriod(now, ctx.config.STATION_TIMEZONE).frozen)
    return { refused: ROULETTE_MESSAGES.closed };
  const bets = mergeBets(roulettePlaceBetsSchema.parse(input).bets);
  const total = totalOf(bets);
  const round = await ensureRound(ctx);
  const answer = await transaction(ctx, async (tx, afterCommit): Promise<PlaceBetsAnswer> => {
    const [held] = await tx
      .select()
      .from(rouletteRounds)
      .where(eq(rouletteRounds.id, round.id))
      .for("no key update");
    const open =
      held?.status === "waiting" ||
      (held?.status === "betting" && !!held.bettingEndsAt && held.bettingEndsAt > now);
    if (!held || !open) return { refused: ROULETTE_MESSAGES.bettingClosed };
    const move = { userId: member._id, reason: ROULETTE_REASONS.stake, reference: held.id, now };
    const points = await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: 0 });
    const [joined] = await tx
      .select({ id: rouletteBets.id })
      .from(rouletteBets)
      .where(and(eq(rouletteBets.roundId, held.id), eq(rouletteBets.userId, member._id)))
      .limit(1);
    if (joined) return { refused: ROULETTE_MESSAGES.alreadyJoined };
    if (points.before < total) return { refused: ROULETTE_MESSAGES.insufficientPoints };
    const [staked] = await tx
      .select({ sum: sql<string | null>`sum(${rouletteBets.amount})` })
      .from(rouletteBets)
      .where(eq(rouletteBets.roundId, held.id));
    if (Number(staked?.sum ?? 0) + total > ROULETTE_LIMITS.maxRoundStake)
      return { refused: ROULETTE_MESSAGES.tableFull };
    const taken = await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: -total });
    if (!taken.ok) return { refused: ROULETTE_MESSAGES.insufficientPoints };
    await tx.insert(rouletteBets).values(
      bets.map((bet, i) => ({
        id: orderedUuid(now.getTime() + i),
        roundId: held.id,
        userId: member._id,
        type: bet.type,
        value: String(bet.value),
        amount: bet.amount,
        createdAt: now,
      })),
    );
    const confirmed: RouletteBetsConfirmed = {
      roundId: held.id,
      bets,
      totalBet: total,
      points: taken.after,
    };
    afterCommit(() => {
      ctx.realtime.publish(OUT.betsConfirmed, confirmed, {
        room: userRoom(member._id),
        namespace: CHAT_NAMESPACE,
      });
      effects.playersChanged?.(held.id);
    });
    return { confirmed };
  });
  if ("confirmed" in answer && round.status === "waiting")
    await openBetting(ctx, round.id, effects);
  return answer;
}

/**
 * A waiting round with a player opens betting: its end set `bettingMs` from now, once (the update
 * is conditional on waiting); the room gets `roulette-countdown`.
 */
export async function openBetting(ctx: AppContext, roundId: string, effects: JoinEffects = {}) {
  const now = ctx.clock.now();
  const endsAt = new Date(now.getTime() + timings(ctx).bettingMs);
  const [opened] = await ctx.db
    .update(rouletteRounds)
    .set({ status: "betting", bettingEndsAt: endsAt })
    .where(
      and(
        eq(rouletteRounds.id, roundId),
        eq(rouletteRounds.status, "waiting"),
        sql`exists (select 1 from ${rouletteBets} where ${rouletteBets.roundId} = ${roundId})`,
      ),
    )
    .returning();
  if (!opened) return false;
  ctx.realtime.publish(
    OUT.countdown,
    {
      roundId,
      bettingEndsAt: endsAt.toISOString(),
      seconds: Math.round(timings(ctx).bettingMs / 1000),
    },
    { all: true, namespace: CHAT_NAMESPACE },
  );
  effects.dueAt?.(endsAt);
  return true;
}
