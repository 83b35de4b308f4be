import { randomInt } from "node:crypto";
import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_REASONS,
  BATTLESHIPS_UI_TEXTS,
  type BattleshipsAcceptInput,
  type BattleshipsCreateInput,
  type BattleshipsOffer,
  CHAT_LIMITS,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatUser,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { gamesClosed, namesOf, onlyTo, playerOf, wholeRoom } from "../arcade/public.ts";
import { saveChatMessage } from "../chat/store.ts";
import { moveGamePoints } from "../points/service.ts";
import { placeFleet, type RandomInt } from "./fleet.ts";
import { activeGameOf, presentOffer } from "./players.ts";
import { battleshipsGames } from "./schema.ts";
import { viewFor } from "./view.ts";

/**
 * Battleships' offers and acceptances (chat spec 3, 8, 9; decisions "Points, votes and games"), as
 * the coin flip's: each move one transaction that holds the players' points rows (in the order of
 * their ids), moves their stakes through the points service and changes the game's state only from
 * the state it expects. Shots are in ./shots.ts, the endings in ./ending.ts.
 */

/** Told after a commit when a game has a new due time (the instance's wake-up). */
export type DueAt = (at: Date) => void;

/** A refusal (its message, for `battleships-error`) or what the move made. */
export type BattleshipsAnswer<T> = { ok: T } | { refused: string };

/**
 * A member offers a game: in one transaction their stake is taken (`battleships-stake`, referencing
 * the game), the offer stored, open for `offerExpiryMs`, and its chat message saved (its `_id` is
 * the game's id). After the commit the room gets the message and `battleships-offer`.
 */
export async function createOffer(
  ctx: AppContext,
  member: ChatUser,
  input: BattleshipsCreateInput,
  dueAt?: DueAt,
): Promise<BattleshipsAnswer<BattleshipsOffer>> {
  const now = ctx.clock.now();
  if (gamesClosed(ctx, now)) return { refused: BATTLESHIPS_MESSAGES.closed };
  const gameId = orderedUuid(now.getTime());
  const expiresAt = new Date(now.getTime() + BATTLESHIPS_LIMITS.offerExpiryMs);
  return transaction(ctx, async (tx, afterCommit): Promise<BattleshipsAnswer<BattleshipsOffer>> => {
    const move = { userId: member._id, reason: BATTLESHIPS_REASONS.stake, reference: gameId, now };
    const held = await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: 0 });
    if (await activeGameOf(tx, member._id)) return { refused: BATTLESHIPS_MESSAGES.alreadyActive };
    if (held.before < BATTLESHIPS_LIMITS.minWager)
      return { refused: BATTLESHIPS_MESSAGES.needMinimum };
    if (held.before < input.wager)
      return { refused: BATTLESHIPS_MESSAGES.wagerAboveBalance(held.before) };
    await moveGamePoints(ctx, tx, afterCommit, { ...move, delta: -input.wager });
    const [row] = await tx
      .insert(battleshipsGames)
      .values({
        id: gameId,
        initiatorId: member._id,
        wager: input.wager,
        state: "open",
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error("battleships offer not stored");
    const message = await saveChatMessage(tx, {
      id: gameId,
      clientId: randomInt(CHAT_LIMITS.clientIdMax),
      senderId: member._id,
      username: member.username,
      profileimage: member.profileimage,
      type: "battleships",
      message: BATTLESHIPS_UI_TEXTS.offerBy(member.username, input.wager),
      usernameStyle: member.nameTagStyling,
    });
    const offer = presentOffer(row, new Map([[member._id, member.username]]));
    afterCommit(() => {
      ctx.realtime.publish(CHAT_OUT.message, message, wholeRoom);
      ctx.realtime.publish(OUT.offer, offer, wholeRoom);
      dueAt?.(expiresAt);
    });
    return { ok: offer };
  });
}

/**
 * A member accepts an open offer: in one transaction (both players' points rows held, in the order
 * of their ids) the game moves from open to active, only if still open and not past its expiry, the
 * opponent's stake is taken and both fleets are placed at random; the initiator shoots first. After
 * the commit the room hears the offer taken (`battleships-accepted`) and each player gets their own
 * view (`battleships-start`); the first turn's end (`turnMs`) is told to `dueAt`.
 */
export async function acceptOffer(
  ctx: AppContext,
  member: ChatUser,
  input: BattleshipsAcceptInput,
  random: RandomInt = randomInt,
  dueAt?: DueAt,
): Promise<BattleshipsAnswer<BattleshipsOffer>> {
  const now = ctx.clock.now();
  if (gamesClosed(ctx, now)) return { refused: BATTLESHIPS_MESSAGES.closed };
  const [found] = await ctx.db
    .select()
    .from(battleshipsGames)
    .where(eq(battleshipsGames.id, input.gameId));
  if (found?.initiatorId === member._id) return { refused: BATTLESHIPS_MESSAGES.ownOffer };
  if (found?.state !== "open" || found.expiresAt <= now)
    return { refused: BATTLESHIPS_MESSAGES.offerGone };
  return transaction(ctx, async (tx, afterCommit): Promise<BattleshipsAnswer<BattleshipsOffer>> => {
    let mine = 0;
    for (const userId of [found.initiatorId, member._id].sort()) {
      const held = await moveGamePoints(ctx, tx, afterCommit, {
        userId,
        delta: 0,
        reason: BATTLESHIPS_REASONS.stake,
        reference: found.id,
        now,
      });
      if (userId === member._id) mine = held.before;
    }
    if (await activeGameOf(tx, member._id)) return { refused: BATTLESHIPS_MESSAGES.alreadyActive };
    if (mine < found.wager) return { refused: BATTLESHIPS_MESSAGES.needToAccept(found.wager) };
    const [row] = await tx
      .update(battleshipsGames)
      .set({
        state: "active",
        opponentId: member._id,
        startedAt: now,
        turnId: found.initiatorId,
        initiatorFleet: placeFleet(random),
        opponentFleet: placeFleet(random),
      })
      .where(
        and(
          eq(battleshipsGames.id, found.id),
          eq(battleshipsGames.state, "open"),
          sql`${battleshipsGames.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!row) return { refused: BATTLESHIPS_MESSAGES.offerGone };
    await moveGamePoints(ctx, tx, afterCommit, {
      userId: member._id,
      delta: -row.wager,
      reason: BATTLESHIPS_REASONS.stake,
      reference: row.id,
      now,
    });
    const names = await namesOf(tx, [row]);
    const offer = presentOffer(row, names);
    afterCommit(() => {
      ctx.realtime.publish(OUT.accepted, offer, wholeRoom);
      for (const [me, them] of [
        [row.initiatorId, member._id],
        [member._id, row.initiatorId],
      ] as const) {
        ctx.realtime.publish(OUT.start, viewFor(row, [], me, playerOf(names, them)), onlyTo(me));
      }
      dueAt?.(new Date(now.getTime() + BATTLESHIPS_LIMITS.turnMs));
    });
    return { ok: offer };
  });
}
