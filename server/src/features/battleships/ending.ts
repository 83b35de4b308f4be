import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_REASONS,
  type BattleshipsGameOverEvent,
  type BattleshipsOffer,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, min, or, sql } from "drizzle-orm";
import { chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { earliest, settleInBatches } from "../../platform/jobs/due-work.ts";
import {
  lastBoundary,
  namesOf,
  nextBoundary,
  onlyTo,
  playerOf,
  settledAt,
  wholeRoom,
} from "../arcade/public.ts";
import { holdMembers, moveGamePoints, recordGameRows } from "../points/service.ts";
import { presentOffer, shotsOf } from "./players.ts";
import { battleshipsGames, battleshipsShots } from "./schema.ts";
import { finishGame, holdPlayers } from "./settle.ts";
import { type GameRow, otherPlayer, turnStartOf, viewFor } from "./view.ts";

/**
 * The due work of battleships: open offers past their expiry expire with a refund; a game whose
 * player has been away (all their chat connections gone) for more than `disconnectMs`, or has not
 * shot within `turnMs` of their turn's start, ends, the other player winning; an offer or game
 * from before the points freeze or the month's start is stopped and every stake returned. All of
 * it is held in the database (expiresAt, the players' away times, the last shot's time), moved by
 * the sweep job and each instance's wake-up (./timers.ts), each move conditional on the state.
 */

/**
 * An open offer past its expiry expires: in one transaction, holding the initiator's points row,
 * the game moves from open to expired and the stake comes back (`battleships-refund`).
 */
async function expireOffer(ctx: AppContext, game: GameRow, now: Date): Promise<boolean> {
  return transaction(ctx, async (tx, afterCommit) => {
    const move = {
      userId: game.initiatorId,
      reference: game.id,
      now,
      reason: BATTLESHIPS_REASONS.refund,
    };
    await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: 0 });
    const [row] = await tx
      .update(battleshipsGames)
      .set({ state: "expired" })
      .where(
        and(
          eq(battleshipsGames.id, game.id),
          eq(battleshipsGames.state, "open"),
          lte(battleshipsGames.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return false;
    await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: row.wager });
    afterCommit(() => ctx.realtime.publish(OUT.timeout, { gameId: row.id }, wholeRoom));
    return true;
  });
}

/** The player of an active game away longest, if away for more than `disconnectMs` at `now`. */
function awayTooLong(game: GameRow, now: Date): string | null {
  const limit = now.getTime() - BATTLESHIPS_LIMITS.disconnectMs;
  const away = [
    [game.initiatorId, game.initiatorAwaySince] as const,
    [game.opponentId, game.opponentAwaySince] as const,
  ]
    .filter((p): p is readonly [string, Date] => !!p[0] && !!p[1] && p[1].getTime() < limit)
    .sort((a, b) => a[1].getTime() - b[1].getTime());
  return away[0]?.[0] ?? null;
}

/**
 * A player away for more than `disconnectMs` loses (decisions): in one transaction holding both
 * points rows, the game ends only if still active and that player still away since the same time,
 * and the other wins both stakes. The winner gets `battleships-opponent-disconnect` with their final
 * view; the one who left gets their view when they come back. A player the room still lists (their
 * leaving recorded after a new connection of theirs joined) is marked back instead.
 */
async function endForDisconnect(ctx: AppContext, game: GameRow, now: Date): Promise<boolean> {
  const loserId = awayTooLong(game, now);
  const winnerId = loserId ? otherPlayer(game, loserId) : null;
  if (!loserId || !winnerId) return false;
  const present = await ctx.services.get(chatRoomService).presence.members();
  if (present.some((m) => m._id === loserId)) {
    await markBack(ctx, loserId);
    return false;
  }
  const awayColumn =
    loserId === game.initiatorId
      ? battleshipsGames.initiatorAwaySince
      : battleshipsGames.opponentAwaySince;
  const since = loserId === game.initiatorId ? game.initiatorAwaySince : game.opponentAwaySince;
  if (!since) return false;
  return endActiveGame(
    ctx,
    game,
    now,
    { winnerId, end: "disconnect", also: eq(awayColumn, since) },
    (done, names, shots) => {
      const state = viewFor(
        done.row,
        shots,
        winnerId,
        playerOf(names, loserId),
        done.results.get(winnerId) ?? null,
      );
      return () =>
        ctx.realtime.publish(
          OUT.opponentDisconnect,
          { gameId: game.id, message: BATTLESHIPS_MESSAGES.opponentDisconnected, state },
          onlyTo(winnerId),
        );
    },
  );
}

/** When the current turn of a game began: its last shot, or its start (SQL, in a games query). */
const turnStartSql = sql<Date | null>`coalesce((select max(${battleshipsShots.at}) from ${battleshipsShots} where ${battleshipsShots.gameId} = ${battleshipsGames.id}), ${battleshipsGames.startedAt})`;

const dueNow = (ctx: AppContext, now: Date) => {
  const awayBefore = new Date(now.getTime() - BATTLESHIPS_LIMITS.disconnectMs);
  const turnBefore = new Date(now.getTime() - BATTLESHIPS_LIMITS.turnMs);
  return or(
    and(eq(battleshipsGames.state, "open"), lte(battleshipsGames.expiresAt, now)),
    and(
      inArray(battleshipsGames.state, ["open", "active"]),
      lt(battleshipsGames.createdAt, lastBoundary(ctx, now)),
    ),
    and(
      eq(battleshipsGames.state, "active"),
      or(
        lte(battleshipsGames.initiatorAwaySince, awayBefore),
        lte(battleshipsGames.opponentAwaySince, awayBefore),
        sql`${turnStartSql} <= ${turnBefore.toISOString()}::timestamptz`,
      ),
    ),
  );
};

/**
 * The player whose turn it is has not shot within `turnMs` (BATTLESHIPS_LIMITS): in one
 * transaction holding both points rows, the game ends only if still active with the same turn and
 * shot count (a shot that came in first wins the race), and the other player wins both stakes.
 * Both players get `battleships-game-over` with their own final view, result and what happened.
 */
async function endForMissedTurn(ctx: AppContext, game: GameRow, now: Date): Promise<boolean> {
  const loserId = game.turnId;
  const winnerId = loserId ? otherPlayer(game, loserId) : null;
  if (!loserId || !winnerId) return false;
  const shots = await shotsOf(ctx.db, game.id);
  const turnStart = turnStartOf(game, shots);
  if (!turnStart || now.getTime() - turnStart.getTime() < BATTLESHIPS_LIMITS.turnMs) return false;
  return endActiveGame(
    ctx,
    game,
    now,
    {
      winnerId,
      end: "timeout",
      also: and(eq(battleshipsGames.turnId, loserId), eq(battleshipsGames.shots, game.shots)),
    },
    (done, names, final) => {
      const ends: [string, string, string][] = [
        [winnerId, loserId, BATTLESHIPS_MESSAGES.turnMissedWin],
        [loserId, winnerId, BATTLESHIPS_MESSAGES.turnMissedLose],
      ];
      const events = ends.map(([me, them, message]) => ({
        me,
        payload: {
          gameId: game.id,
          message,
          state: viewFor(done.row, final, me, playerOf(names, them), done.results.get(me) ?? null),
        },
      }));
      return () => {
        for (const { me, payload } of events)
          ctx.realtime.publish(OUT.gameOver, payload, onlyTo(me));
      };
    },
  );
}

/**
 * Ends an active game for `winnerId` in one transaction holding both players' points rows (only if
 * still active and `also` holds: whatever came first wins the race); `announce` builds, from the
 * finished game, what the players hear after the commit.
 */
async function endActiveGame(
  ctx: AppContext,
  game: GameRow,
  now: Date,
  ending: Pick<Parameters<typeof finishGame>[3], "winnerId" | "end" | "also">,
  announce: (
    done: NonNullable<Awaited<ReturnType<typeof finishGame>>>,
    names: Awaited<ReturnType<typeof namesOf>>,
    shots: Awaited<ReturnType<typeof shotsOf>>,
  ) => () => void,
): Promise<boolean> {
  return transaction(ctx, async (tx, afterCommit) => {
    const held = await holdPlayers(ctx, tx, afterCommit, game, now);
    const done = await finishGame(ctx, tx, afterCommit, { game, held, now, ...ending });
    if (!done) return false;
    const names = await namesOf(tx, [done.row]);
    const shots = await shotsOf(tx, game.id);
    afterCommit(announce(done, names, shots));
    return true;
  });
}

/**
 * Offers and games from before the last boundary of the points month (the freeze start, the 1st)
 * are stopped (decisions: no stake crosses the month), a batch in one transaction: holding every
 * player's points row (in the order of their ids), open offers move to expired and games in play
 * to finished ("cancelled", no winner), each only from the state read, and every stake comes back
 * (`battleships-refund`), written at `at`: the stakes' month (`settledAt`). The room hears each
 * offer time out; each player of a game gets `battleships-game-over` with their final view and why.
 * Answers how many moved.
 */
async function stopForMonth(ctx: AppContext, due: GameRow[], at: Date): Promise<number> {
  if (due.length === 0) return 0;
  const ofState = (state: "open" | "active") =>
    due.filter((g) => g.state === state).map((g) => g.id);
  return transaction(ctx, async (tx, afterCommit) => {
    const held = await holdMembers(
      ctx,
      tx,
      due.flatMap((g) => [g.initiatorId, g.opponentId ?? g.initiatorId]),
      at,
    );
    const expired = ofState("open").length
      ? await tx
          .update(battleshipsGames)
          .set({ state: "expired" })
          .where(
            and(inArray(battleshipsGames.id, ofState("open")), eq(battleshipsGames.state, "open")),
          )
          .returning()
      : [];
    const cancelled = ofState("active").length
      ? await tx
          .update(battleshipsGames)
          .set({ state: "finished", endReason: "cancelled", endedAt: at, turnId: null })
          .where(
            and(
              inArray(battleshipsGames.id, ofState("active")),
              eq(battleshipsGames.state, "active"),
            ),
          )
          .returning()
      : [];
    const stopped = [...expired, ...cancelled];
    await recordGameRows(
      ctx,
      tx,
      afterCommit,
      held,
      stopped.flatMap((g) =>
        [g.initiatorId, g.opponentId]
          .filter((id): id is string => !!id && held.has(id))
          .map((userId) => ({
            userId,
            delta: g.wager,
            reason: BATTLESHIPS_REASONS.refund,
            reference: g.id,
          })),
      ),
      at,
    );
    const names = await namesOf(tx, cancelled);
    const events: { me: string; payload: BattleshipsGameOverEvent }[] = [];
    for (const game of cancelled) {
      const shots = await shotsOf(tx, game.id);
      for (const me of [game.initiatorId, game.opponentId]) {
        const them = me ? otherPlayer(game, me) : null;
        if (!me || !them) continue;
        const state = viewFor(game, shots, me, playerOf(names, them));
        events.push({
          me,
          payload: { gameId: game.id, message: BATTLESHIPS_MESSAGES.monthClosed, state },
        });
      }
    }
    afterCommit(() => {
      for (const row of expired) ctx.realtime.publish(OUT.timeout, { gameId: row.id }, wholeRoom);
      for (const { me, payload } of events) ctx.realtime.publish(OUT.gameOver, payload, onlyTo(me));
    });
    return stopped.length;
  });
}

/** How many due games one pass reads. */
const SWEEP_BATCH = 50;

/**
 * Settles what is due at the clock's now. Safe on several instances at once (each move is
 * conditional on the state). Answers how many games this call moved.
 */
export async function settleDue(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = (limit: number) =>
    ctx.db
      .select()
      .from(battleshipsGames)
      .where(dueNow(ctx, now))
      .orderBy(asc(battleshipsGames.createdAt))
      .limit(limit);
  const boundary = lastBoundary(ctx, now);
  return settleInBatches(SWEEP_BATCH, due, async (games) => {
    let moved = 0;
    // From before the boundary: stopped a batch at a time, by the month their stakes were taken in.
    const byTime = new Map<number, GameRow[]>();
    for (const game of games.filter((g) => g.createdAt < boundary)) {
      const at = settledAt(ctx, game.createdAt, now).getTime();
      byTime.set(at, [...(byTime.get(at) ?? []), game]);
    }
    for (const [at, stale] of byTime) moved += await stopForMonth(ctx, stale, new Date(at));
    for (const game of games.filter((g) => g.createdAt >= boundary)) {
      const done =
        game.state === "open"
          ? await expireOffer(ctx, game, now)
          : (await endForDisconnect(ctx, game, now)) || (await endForMissedTurn(ctx, game, now));
      if (done) moved++;
    }
    return moved;
  });
}

/**
 * The nearest time something is due (an offer's expiry, an away player's limit, a turn's end, the
 * next boundary of the points month while any offer or game is open), or null.
 */
export async function nextDueAt(ctx: AppContext): Promise<Date | null> {
  const [open] = await ctx.db
    .select({ at: min(battleshipsGames.expiresAt) })
    .from(battleshipsGames)
    .where(eq(battleshipsGames.state, "open"));
  const [away] = await ctx.db
    .select({
      a: min(battleshipsGames.initiatorAwaySince),
      b: min(battleshipsGames.opponentAwaySince),
    })
    .from(battleshipsGames)
    .where(eq(battleshipsGames.state, "active"));
  const [turn] = await ctx.db
    .select({ at: sql<string | null>`min(${turnStartSql})` })
    .from(battleshipsGames)
    .where(eq(battleshipsGames.state, "active"));
  const [any] = await ctx.db
    .select({ id: battleshipsGames.id })
    .from(battleshipsGames)
    .where(inArray(battleshipsGames.state, ["open", "active"]))
    .limit(1);
  const after = (d: unknown) =>
    d instanceof Date ? new Date(d.getTime() + BATTLESHIPS_LIMITS.disconnectMs + 1) : null;
  const turnEnd = turn?.at
    ? new Date(new Date(turn.at).getTime() + BATTLESHIPS_LIMITS.turnMs)
    : null;
  const boundary = any ? nextBoundary(ctx, ctx.clock.now()) : null;
  return earliest([open?.at, after(away?.a), after(away?.b), turnEnd, boundary]);
}

/**
 * A member's chat connections are all gone: in each of their games in play they are away from now
 * (kept if already away). Answers when the earliest such game falls due, or null.
 */
export async function markAway(ctx: AppContext, userId: string): Promise<Date | null> {
  const now = ctx.clock.now();
  const rows = [
    ...(await ctx.db
      .update(battleshipsGames)
      .set({ initiatorAwaySince: now })
      .where(
        and(
          eq(battleshipsGames.state, "active"),
          eq(battleshipsGames.initiatorId, userId),
          // Kept when already away (an earlier leave counts).
          isNull(battleshipsGames.initiatorAwaySince),
        ),
      )
      .returning()),
    ...(await ctx.db
      .update(battleshipsGames)
      .set({ opponentAwaySince: now })
      .where(
        and(
          eq(battleshipsGames.state, "active"),
          eq(battleshipsGames.opponentId, userId),
          isNull(battleshipsGames.opponentAwaySince),
        ),
      )
      .returning()),
  ];
  if (rows.length === 0) return null;
  return new Date(now.getTime() + BATTLESHIPS_LIMITS.disconnectMs + 1);
}

/** A member is in the room again: they are no longer away in any game of theirs in play. */
export async function markBack(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(battleshipsGames)
    .set({ initiatorAwaySince: null })
    .where(
      and(
        eq(battleshipsGames.state, "active"),
        eq(battleshipsGames.initiatorId, userId),
        isNotNull(battleshipsGames.initiatorAwaySince),
      ),
    );
  await ctx.db
    .update(battleshipsGames)
    .set({ opponentAwaySince: null })
    .where(
      and(
        eq(battleshipsGames.state, "active"),
        eq(battleshipsGames.opponentId, userId),
        isNotNull(battleshipsGames.opponentAwaySince),
      ),
    );
}

/** The member's games in play, each as their own view (what a returning player is sent). */
export async function viewsOfPlayer(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select()
    .from(battleshipsGames)
    .where(
      and(
        eq(battleshipsGames.state, "active"),
        or(eq(battleshipsGames.initiatorId, userId), eq(battleshipsGames.opponentId, userId)),
      ),
    );
  const names = await namesOf(ctx.db, rows);
  const views = [];
  for (const row of rows) {
    const them = otherPlayer(row, userId);
    if (!them) continue;
    views.push(viewFor(row, await shotsOf(ctx.db, row.id), userId, playerOf(names, them)));
  }
  return views;
}

/** The offers of the last `recentOffersMs`, oldest first, in every state (a newcomer's cards). */
export async function recentOffers(ctx: AppContext): Promise<BattleshipsOffer[]> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - BATTLESHIPS_LIMITS.recentOffersMs);
  const rows = await ctx.db
    .select()
    .from(battleshipsGames)
    .where(and(gte(battleshipsGames.createdAt, since), lte(battleshipsGames.createdAt, now)))
    .orderBy(asc(battleshipsGames.createdAt));
  const names = await namesOf(ctx.db, rows);
  return rows.map((r) => presentOffer(r, names));
}
