import { randomInt } from "node:crypto";
import {
  CHAT_LIMITS,
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatUser,
  COIN_FACES,
  COINFLIP_LIMITS,
  COINFLIP_MESSAGES,
  COINFLIP_REASONS,
  COINFLIP_UI_TEXTS,
  type CoinFace,
  type CoinflipAcceptInput,
  type CoinflipCreateInput,
  type CoinflipOffer,
  type CoinflipResult,
  type CoinflipState,
  COINFLIP_SERVER_EVENTS as OUT,
  pointsPeriod,
} from "@airwave/contracts";
import { and, asc, eq, gte, inArray, lte, min, or, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx, Tx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { saveChatMessage } from "../chat/store.ts";
import { moveGamePoints } from "../points/service.ts";
import { users } from "../users/schema.ts";
import { coinflipOffers } from "./schema.ts";

/**
 * The coin flip's logic (chat spec 3, 8, 9; decisions "Points, votes and games"). The server holds
 * every offer in the database; each move of an offer is one transaction that holds the players'
 * points rows (in the order of their ids), moves their stakes through the points service and
 * changes the offer's state only from the state it expects, so no move can happen twice, on one
 * instance or two, before or after a restart.
 */

type OfferRow = typeof coinflipOffers.$inferSelect;

const room = { all: true, namespace: CHAT_NAMESPACE } as const;

/** Told after a commit when an offer has a new due time (the instance's wake-up). */
export type DueAt = (at: Date) => void;

/** The offers' players' names, by id. */
async function namesOf(db: DbOrTx, rows: readonly OfferRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const r of rows) {
    ids.add(r.initiatorId);
    if (r.opponentId) ids.add(r.opponentId);
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((u) => [u.id, u.username]));
}

function present(row: OfferRow, names: Map<string, string>): CoinflipOffer {
  const player = (id: string) => ({ id, username: names.get(id) ?? "" });
  return {
    offerId: row.id,
    state: row.state as CoinflipState,
    initiator: player(row.initiatorId),
    opponent: row.opponentId ? player(row.opponentId) : null,
    pick: row.pick as CoinFace,
    wager: row.wager,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    startAt: row.startAt?.toISOString() ?? null,
    face: (row.face as CoinFace | null) ?? null,
    winnerId: row.winnerId,
  };
}

async function presentOne(db: DbOrTx, row: OfferRow): Promise<CoinflipOffer> {
  return present(row, await namesOf(db, [row]));
}

/** Whether the member is a player of an open or accepted offer (read under their points row's lock). */
async function hasActiveOffer(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: coinflipOffers.id })
    .from(coinflipOffers)
    .where(
      and(
        inArray(coinflipOffers.state, ["open", "accepted"]),
        or(eq(coinflipOffers.initiatorId, userId), eq(coinflipOffers.opponentId, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const frozen = (ctx: AppContext, now: Date) =>
  pointsPeriod(now, ctx.config.STATION_TIMEZONE).frozen;

/** A refusal (its message, for `coinflip-error`) or the offer as it now is. */
export type CoinflipAnswer = { offer: CoinflipOffer } | { refused: string };

/**
 * A member offers a flip: in one transaction their stake is taken (the ledger's `coinflip-stake`,
 * referencing the offer), the offer stored, open for `offerExpiryMs`, and its chat message saved
 * (its `_id` is the offer's id). After the commit the room gets the message and `coinflip-offer`.
 */
export async function createOffer(
  ctx: AppContext,
  member: ChatUser,
  input: CoinflipCreateInput,
  dueAt?: DueAt,
): Promise<CoinflipAnswer> {
  const now = ctx.clock.now();
  if (frozen(ctx, now)) return { refused: COINFLIP_MESSAGES.closed };
  const offerId = orderedUuid(now.getTime());
  const expiresAt = new Date(now.getTime() + COINFLIP_LIMITS.offerExpiryMs);
  return transaction(ctx, async (tx, afterCommit): Promise<CoinflipAnswer> => {
    const held = await moveGamePoints(ctx, tx, afterCommit, {
      userId: member._id,
      delta: 0,
      reason: COINFLIP_REASONS.stake,
      reference: offerId,
      now,
    });
    // The active flip first: its stake may be why the member is short.
    if (await hasActiveOffer(tx, member._id)) return { refused: COINFLIP_MESSAGES.alreadyActive };
    if (held.before < COINFLIP_LIMITS.minWager) return { refused: COINFLIP_MESSAGES.needMinimum };
    if (held.before < input.wager)
      return { refused: COINFLIP_MESSAGES.wagerAboveBalance(held.before) };
    await moveGamePoints(ctx, tx, afterCommit, {
      userId: member._id,
      delta: -input.wager,
      reason: COINFLIP_REASONS.stake,
      reference: offerId,
      now,
    });
    const [row] = await tx
      .insert(coinflipOffers)
      .values({
        id: offerId,
        initiatorId: member._id,
        pick: input.pick,
        wager: input.wager,
        state: "open",
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error("coin flip offer not stored");
    const message = await saveChatMessage(tx, {
      id: offerId,
      clientId: randomInt(CHAT_LIMITS.clientIdMax),
      senderId: member._id,
      username: member.username,
      profileimage: member.profileimage,
      type: "coinflip",
      message: COINFLIP_UI_TEXTS.offerBy(member.username, input.wager),
      usernameStyle: member.nameTagStyling,
    });
    const offer = present(row, new Map([[member._id, member.username]]));
    afterCommit(() => {
      ctx.realtime.publish(CHAT_OUT.message, message, room);
      ctx.realtime.publish(OUT.offer, offer, room);
      dueAt?.(expiresAt);
    });
    return { offer };
  });
}

/**
 * A member accepts an open offer: in one transaction (both players' points rows held, in the order
 * of their ids) the offer moves from open to accepted, only if it is still open and not past its
 * expiry, and the opponent's stake is taken; the flip starts `countdownMs` later. After the commit
 * the room gets `coinflip-accepted`.
 */
export async function acceptOffer(
  ctx: AppContext,
  member: ChatUser,
  input: CoinflipAcceptInput,
  dueAt?: DueAt,
): Promise<CoinflipAnswer> {
  const now = ctx.clock.now();
  if (frozen(ctx, now)) return { refused: COINFLIP_MESSAGES.closed };
  const [found] = await ctx.db
    .select()
    .from(coinflipOffers)
    .where(eq(coinflipOffers.id, input.offerId));
  if (found?.initiatorId === member._id) return { refused: COINFLIP_MESSAGES.ownOffer };
  if (found?.state !== "open" || found.expiresAt <= now)
    return { refused: COINFLIP_MESSAGES.offerGone };
  const startAt = new Date(now.getTime() + COINFLIP_LIMITS.countdownMs);
  return transaction(ctx, async (tx, afterCommit): Promise<CoinflipAnswer> => {
    let mine = 0;
    for (const userId of [found.initiatorId, member._id].sort()) {
      const held = await moveGamePoints(ctx, tx, afterCommit, {
        userId,
        delta: 0,
        reason: COINFLIP_REASONS.stake,
        reference: found.id,
        now,
      });
      if (userId === member._id) mine = held.before;
    }
    if (await hasActiveOffer(tx, member._id)) return { refused: COINFLIP_MESSAGES.alreadyActive };
    if (mine < found.wager) return { refused: COINFLIP_MESSAGES.needToAccept(found.wager) };
    const [row] = await tx
      .update(coinflipOffers)
      .set({ state: "accepted", opponentId: member._id, startAt })
      .where(
        and(
          eq(coinflipOffers.id, found.id),
          eq(coinflipOffers.state, "open"),
          sql`${coinflipOffers.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!row) return { refused: COINFLIP_MESSAGES.offerGone };
    await moveGamePoints(ctx, tx, afterCommit, {
      userId: member._id,
      delta: -row.wager,
      reason: COINFLIP_REASONS.stake,
      reference: row.id,
      now,
    });
    const offer = await presentOne(tx, row);
    afterCommit(() => {
      ctx.realtime.publish(OUT.accepted, offer, room);
      dueAt?.(startAt);
    });
    return { offer };
  });
}

/**
 * An open offer past its expiry expires: in one transaction, holding the initiator's points row,
 * the offer moves from open to expired and the stake comes back (`coinflip-refund`). Answers
 * whether this call expired it (false: already gone, or not due).
 */
async function expireOffer(ctx: AppContext, offer: OfferRow, now: Date): Promise<boolean> {
  return transaction(ctx, async (tx, afterCommit) => {
    const move = { userId: offer.initiatorId, reference: offer.id, now };
    await moveGamePoints(ctx, tx, afterCommit, {
      ...move,
      delta: 0,
      reason: COINFLIP_REASONS.refund,
    });
    const [row] = await tx
      .update(coinflipOffers)
      .set({ state: "expired" })
      .where(
        and(
          eq(coinflipOffers.id, offer.id),
          eq(coinflipOffers.state, "open"),
          lte(coinflipOffers.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return false;
    await moveGamePoints(ctx, tx, afterCommit, {
      ...move,
      delta: row.wager,
      reason: COINFLIP_REASONS.refund,
    });
    afterCommit(() => ctx.realtime.publish(OUT.timeout, { offerId: row.id }, room));
    return true;
  });
}

/**
 * An accepted offer at its start settles: in one transaction, holding both players' points rows
 * (in the order of their ids), the face is drawn with a cryptographic generator, the offer moves
 * from accepted to settled with its face, winner and time, and the winner gets both stakes
 * (`coinflip-win`). After the commit the room gets `coinflip-start` and `coinflip-result`, each
 * player's result counting their stake back in "before" (winner +wager, loser -wager).
 */
async function settleOffer(ctx: AppContext, offer: OfferRow, now: Date): Promise<boolean> {
  const opponentId = offer.opponentId;
  if (!opponentId) return false;
  return transaction(ctx, async (tx, afterCommit) => {
    const held = new Map<string, number>();
    for (const userId of [offer.initiatorId, opponentId].sort()) {
      const { before } = await moveGamePoints(ctx, tx, afterCommit, {
        userId,
        delta: 0,
        reason: COINFLIP_REASONS.win,
        reference: offer.id,
        now,
      });
      held.set(userId, before);
    }
    const face = COIN_FACES[randomInt(COIN_FACES.length)] as CoinFace;
    const winnerId = face === offer.pick ? offer.initiatorId : opponentId;
    const [row] = await tx
      .update(coinflipOffers)
      .set({ state: "settled", face, winnerId, settledAt: now })
      .where(
        and(
          eq(coinflipOffers.id, offer.id),
          eq(coinflipOffers.state, "accepted"),
          lte(coinflipOffers.startAt, now),
        ),
      )
      .returning();
    if (!row) return false;
    const won = await moveGamePoints(ctx, tx, afterCommit, {
      userId: winnerId,
      delta: 2 * row.wager,
      reason: COINFLIP_REASONS.win,
      reference: row.id,
      now,
    });
    const results: Record<string, CoinflipResult> = {};
    for (const [userId, points] of held) {
      const isWinner = userId === winnerId;
      results[userId] = {
        wager: row.wager,
        outcome: isWinner ? "win" : "lose",
        face,
        pointsBefore: points + row.wager,
        pointsAfter: isWinner && won.ok ? won.after : points,
      };
    }
    const settled = await presentOne(tx, row);
    const started: CoinflipOffer = { ...settled, state: "accepted", face: null, winnerId: null };
    afterCommit(() => {
      ctx.realtime.publish(OUT.start, started, room);
      ctx.realtime.publish(OUT.result, { offer: settled, results }, room);
    });
    return true;
  });
}

/** How many due offers one pass reads. */
const SWEEP_BATCH = 50;

/**
 * Settles what is due at the clock's now: open offers past their expiry expire, accepted offers at
 * their start settle. Safe on several instances at once (each move is conditional on the state).
 * Answers how many offers this call moved.
 */
export async function settleDue(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let moved = 0;
  for (;;) {
    const due = await ctx.db
      .select()
      .from(coinflipOffers)
      .where(
        or(
          and(eq(coinflipOffers.state, "open"), lte(coinflipOffers.expiresAt, now)),
          and(eq(coinflipOffers.state, "accepted"), lte(coinflipOffers.startAt, now)),
        ),
      )
      .orderBy(asc(coinflipOffers.createdAt))
      .limit(SWEEP_BATCH);
    let movedNow = 0;
    for (const offer of due) {
      const done =
        offer.state === "open"
          ? await expireOffer(ctx, offer, now)
          : await settleOffer(ctx, offer, now);
      if (done) movedNow++;
    }
    moved += movedNow;
    // A full batch another instance took entirely is not read again (it is being done there).
    if (due.length < SWEEP_BATCH || movedNow === 0) return moved;
  }
}

/** The nearest time something is due (an open offer's expiry, an accepted offer's start), or null. */
export async function nextDueAt(ctx: AppContext): Promise<Date | null> {
  const [open] = await ctx.db
    .select({ at: min(coinflipOffers.expiresAt) })
    .from(coinflipOffers)
    .where(eq(coinflipOffers.state, "open"));
  const [accepted] = await ctx.db
    .select({ at: min(coinflipOffers.startAt) })
    .from(coinflipOffers)
    .where(eq(coinflipOffers.state, "accepted"));
  const times = [open?.at, accepted?.at].filter((t): t is Date => t instanceof Date);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/** The offers of the last `recentOffersMs`, oldest first, in every state (a newcomer's cards). */
export async function recentOffers(ctx: AppContext): Promise<CoinflipOffer[]> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - COINFLIP_LIMITS.recentOffersMs);
  const rows = await ctx.db
    .select()
    .from(coinflipOffers)
    .where(and(gte(coinflipOffers.createdAt, since), lte(coinflipOffers.createdAt, now)))
    .orderBy(asc(coinflipOffers.createdAt));
  const names = await namesOf(ctx.db, rows);
  return rows.map((r) => present(r, names));
}
