import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  type BattleshipsResult,
  type BattleshipsShotResult,
  battleshipsShootSchema,
  type ChatUser,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { lastBoundary, namesOf, onlyTo, playerOf } from "../arcade/public.ts";
import { shipAt } from "./fleet.ts";
import { shotsOf } from "./players.ts";
import { battleshipsGames, battleshipsShots } from "./schema.ts";
import type { BattleshipsAnswer, DueAt } from "./service.ts";
import { finishGame, holdPlayers } from "./settle.ts";
import {
  fleetSunk,
  fleetsOf,
  type GameRow,
  otherPlayer,
  type ShotRow,
  turnStartOf,
  viewFor,
} from "./view.ts";

/** Why a member may not shoot in this game now, or null (the game as read). */
function refusalOf(game: GameRow | undefined, userId: string): string | null {
  if (!game || (game.initiatorId !== userId && game.opponentId !== userId))
    return BATTLESHIPS_MESSAGES.notYourGame;
  if (game.state === "finished" || game.state === "expired") return BATTLESHIPS_MESSAGES.gameOver;
  if (game.state !== "active" || game.turnId !== userId) return BATTLESHIPS_MESSAGES.notYourTurn;
  return null;
}

/**
 * A player shoots (decisions: alternating turns, a hit gives no extra shot): refused with the
 * catalogue's message, and nothing changed, for a cell off the grid, a game not theirs (unknown,
 * or a third member's), a game over, out of turn, or a cell they shot before. Otherwise one
 * transaction records the shot and passes the turn, only if the game is still active with the
 * shooter's turn and the shot count read (so a double click, or two instances, shoot once); the
 * shot that sinks the last ship also ends the game and pays the winner both stakes there. A shot
 * after the turn's `turnMs`, or in a game from before the points freeze or the month's start, is
 * refused as a game over (the due work ends it). After the commit each player gets
 * `battleships-shot-result` with their own view, and the next turn's end is told to `dueAt`.
 */
export async function shoot(
  ctx: AppContext,
  member: ChatUser,
  raw: unknown,
  dueAt?: DueAt,
): Promise<BattleshipsAnswer<BattleshipsShotResult>> {
  const parsed = battleshipsShootSchema.safeParse(raw);
  if (!parsed.success) return { refused: BATTLESHIPS_MESSAGES.outOfGrid };
  const { gameId, row, col } = parsed.data;
  const userId = member._id;
  const now = ctx.clock.now();
  const [game] = await ctx.db
    .select()
    .from(battleshipsGames)
    .where(eq(battleshipsGames.id, gameId));
  const refused = refusalOf(game, userId);
  if (refused || !game) return { refused: refused ?? BATTLESHIPS_MESSAGES.notYourGame };
  const opponentId = otherPlayer(game, userId);
  if (!opponentId) return { refused: BATTLESHIPS_MESSAGES.notYourTurn };
  const before = await shotsOf(ctx.db, game.id);
  const turnStart = turnStartOf(game, before);
  const turnOver = !!turnStart && now.getTime() - turnStart.getTime() >= BATTLESHIPS_LIMITS.turnMs;
  if (turnOver || game.createdAt < lastBoundary(ctx, now))
    return { refused: BATTLESHIPS_MESSAGES.gameOver };
  if (before.some((s) => s.shooterId === userId && s.row === row && s.col === col))
    return { refused: BATTLESHIPS_MESSAGES.cellShot };

  const { theirs } = fleetsOf(game, userId);
  const ship = shipAt(theirs, row, col);
  const shot: ShotRow = {
    gameId,
    shooterId: userId,
    row,
    col,
    seq: game.shots,
    hit: ship ? 1 : 0,
    at: now,
  };
  const after = [...before, shot];
  const mine = after.filter((s) => s.shooterId === userId);
  const wins = !!ship && fleetSunk(theirs, mine);
  const sunkShip = ship?.cells.every(([r, c]) => mine.some((s) => s.row === r && s.col === c))
    ? ship
    : null;

  return transaction(ctx, async (tx, afterCommit) => {
    // The winning shot settles: the points rows first, as every settlement takes them.
    const held = wins ? await holdPlayers(ctx, tx, afterCommit, game, now) : null;
    const [moved] = await tx
      .update(battleshipsGames)
      .set({ turnId: opponentId, shots: game.shots + 1 })
      .where(
        and(
          eq(battleshipsGames.id, game.id),
          eq(battleshipsGames.state, "active"),
          eq(battleshipsGames.turnId, userId),
          eq(battleshipsGames.shots, game.shots),
        ),
      )
      .returning();
    if (!moved) {
      const [current] = await tx
        .select()
        .from(battleshipsGames)
        .where(eq(battleshipsGames.id, game.id));
      return { refused: refusalOf(current, userId) ?? BATTLESHIPS_MESSAGES.notYourTurn };
    }
    await tx.insert(battleshipsShots).values(shot);
    let final = moved;
    let results = new Map<string, BattleshipsResult>();
    if (wins && held) {
      const done = await finishGame(ctx, tx, afterCommit, {
        game: moved,
        winnerId: userId,
        end: "sunk",
        held,
        now,
      });
      if (done) {
        final = done.row;
        results = done.results;
      }
    }
    const names = await namesOf(tx, [final]);
    const payload = (me: string, them: string): BattleshipsShotResult => ({
      gameId,
      shooterId: userId,
      row,
      col,
      hit: !!ship,
      sunk: sunkShip ? { id: sunkShip.id, length: sunkShip.length, cells: sunkShip.cells } : null,
      state: viewFor(final, after, me, playerOf(names, them), results.get(me) ?? null),
    });
    const mineView = payload(userId, opponentId);
    afterCommit(() => {
      ctx.realtime.publish(OUT.shotResult, mineView, onlyTo(userId));
      ctx.realtime.publish(OUT.shotResult, payload(opponentId, userId), onlyTo(opponentId));
      if (final.state === "active") dueAt?.(new Date(now.getTime() + BATTLESHIPS_LIMITS.turnMs));
    });
    return { ok: mineView };
  });
}
