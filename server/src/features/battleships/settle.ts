import {
  BATTLESHIPS_REASONS,
  type BattleshipsEnd,
  type BattleshipsResult,
} from "@airwave/contracts";
import { and, eq, type SQL } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { Tx } from "../../platform/db/index.ts";
import type { AfterCommit } from "../../platform/db/transaction.ts";
import { moveGamePoints } from "../points/service.ts";
import { battleshipsGames } from "./schema.ts";
import type { GameRow } from "./view.ts";

/** Both players' points rows held (in the order of their ids): each one's points now, by id. */
export async function holdPlayers(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  game: GameRow,
  now: Date,
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const ids = [game.initiatorId, game.opponentId].filter((id): id is string => !!id).sort();
  for (const userId of ids) {
    const { before } = await moveGamePoints(ctx, tx, afterCommit, {
      userId,
      delta: 0,
      reason: BATTLESHIPS_REASONS.win,
      reference: game.id,
      now,
    });
    held.set(userId, before);
  }
  return held;
}

/**
 * Ends an active game with a winner, inside the caller's transaction (which holds both players'
 * points rows: `held`): the game moves from active to finished only if it is still active (and
 * `also` holds), and the winner gets both stakes (`battleships-win`, +2 x wager). Answers the
 * finished row and each player's result (stakes counted back in "before": winner +wager, loser
 * -wager), or null when the game was no longer active.
 */
export async function finishGame(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  input: {
    game: GameRow;
    winnerId: string;
    end: BattleshipsEnd;
    held: Map<string, number>;
    now: Date;
    also?: SQL;
    set?: Partial<typeof battleshipsGames.$inferInsert>;
  },
): Promise<{ row: GameRow; results: Map<string, BattleshipsResult> } | null> {
  const { game, winnerId, end, held, now } = input;
  const [row] = await tx
    .update(battleshipsGames)
    .set({ ...input.set, state: "finished", winnerId, endReason: end, endedAt: now, turnId: null })
    .where(and(eq(battleshipsGames.id, game.id), eq(battleshipsGames.state, "active"), input.also))
    .returning();
  if (!row) return null;
  const won = await moveGamePoints(ctx, tx, afterCommit, {
    userId: winnerId,
    delta: 2 * row.wager,
    reason: BATTLESHIPS_REASONS.win,
    reference: row.id,
    now,
  });
  const results = new Map<string, BattleshipsResult>();
  for (const [userId, points] of held) {
    const isWinner = userId === winnerId;
    results.set(userId, {
      wager: row.wager,
      outcome: isWinner ? "win" : "lose",
      pointsBefore: points + row.wager,
      pointsAfter: isWinner && won.ok ? won.after : points,
    });
  }
  return { row, results };
}
