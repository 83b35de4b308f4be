import { randomInt } from "node:crypto";
import {
  CHAT_LIMITS,
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
} from "@airwave/contracts";
import { and, asc, desc, eq, gte, inArray, lt, lte, min, or, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx, Tx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { earliest, settleInBatches } from "../../platform/jobs/due-work.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import {
  gamesClosed,
  lastBoundary,
  namesOf,
  playerOf,
  playersOf,
  settledAt,
} from "../arcade/public.ts";
import { saveChatMessage } from "../chat/store.ts";
import { holdMembers, recordGameRows } from "../points/service.ts";
import { users } from "../users/schema.ts";
import { coinflipFeedService } from "./feed.ts";
import { coinflipOffers } from "./schema.ts";

/**
 * The coin flip's logic (chat spec 3, 8, 9; decisions "Points, votes and games"). The server holds
 * every offer in the database; each move of an offer is one transaction that holds the players'
 * points rows (in the order of their ids), moves their stakes through the points service and
 * changes the offer's state only from the state it expects, so no move can happen twice, on one
 * instance or two, before or after a restart.
 */

type OfferRow = typeof coinflipOffers.$inferSelect;

/** Told after a commit when an offer has a new due time (the instance's wake-up). */
export type DueAt = (at: Date) => void;

function present(row: OfferRow, names: Map<string, string>): CoinflipOffer {
  return {
    offerId: row.id,
    state: row.state as CoinflipState,
    initiator: playerOf(names, row.initiatorId),
    opponent: row.opponentId ? playerOf(names, row.opponentId) : null,
    pick: row.pick as CoinFace,
    wager: row.wager,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    startAt: row.startAt?.toISOString() ?? null,
    face: (row.face as CoinFace | null) ?? null,
    winnerId: row.winnerId,
  };
}

export async function presentOne(db: DbOrTx, row: OfferRow): Promise<CoinflipOffer> {
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

/** A refusal (its message, for `coinflip-error`) or the offer as it now is. */
export type CoinflipAnswer = { offer: CoinflipOffer } | { refused: string };

/**
 * A member offers a flip: in one transaction their stake is taken (the ledger's `coinflip-stake`,
 * referencing the offer), the offer stored, open for `offerExpiryMs`, and its chat message saved
 * (its `_id` is the offer's id). After the commit the initiator hears `coinflip-offer` and the
 * room's feed gets the offer and its message.
 */
export async function createOffer(
  ctx: AppContext,
  member: ChatUser,
  input: CoinflipCreateInput,
  dueAt?: DueAt,
): Promise<CoinflipAnswer> {
  const now = ctx.clock.now();
  if (gamesClosed(ctx, now)) return { refused: COINFLIP_MESSAGES.closed };
  const offerId = orderedUuid(now.getTime());
  const expiresAt = new Date(now.getTime() + COINFLIP_LIMITS.offerExpiryMs);
  return transaction(ctx, async (tx, afterCommit): Promise<CoinflipAnswer> => {
    const held = await holdMembers(ctx, tx, [member._id], now);
    const points = held.get(member._id) ?? 0;
    // The active flip first: its stake may be why the member is short.
    if (await hasActiveOffer(tx, member._id)) return { refused: COINFLIP_MESSAGES.alreadyActive };
    if (points < COINFLIP_LIMITS.minWager) return { refused: COINFLIP_MESSAGES.needMinimum };
    if (points < input.wager) return { refused: COINFLIP_MESSAGES.wagerAboveBalance(points) };
    await recordGameRows(
      ctx,
      tx,
      afterCommit,
      held,
      [
        {
          userId: member._id,
          delta: -input.wager,
          reason: COINFLIP_REASONS.stake,
          reference: offerId,
        },
      ],
      now,
    );
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
      ctx.realtime.publish(OUT.offer, offer, playersOf(row));
      ctx.services.get(coinflipFeedService).note(offer, message);
      dueAt?.(expiresAt);
    });
    return { offer };
  });
}

/**
 * A member accepts an open offer: in one transaction (both players' points rows held, in the order
 * of their ids) the offer moves from open to accepted, only if it is still open and not past its
 * expiry, and the opponent's stake is taken; the flip starts `countdownMs` later. After the commit
 * both players hear `coinflip-accepted` and the room's feed gets the offer.
 */
export async function acceptOffer(
  ctx: AppContext,
  member: ChatUser,
  input: CoinflipAcceptInput,
  dueAt?: DueAt,
): Promise<CoinflipAnswer> {
  const now = ctx.clock.now();
  if (gamesClosed(ctx, now)) return { refused: COINFLIP_MESSAGES.closed };
  const [read] = await ctx.db
    .select({ offer: coinflipOffers, initiatorName: users.username })
    .from(coinflipOffers)
    .innerJoin(users, eq(users.id, coinflipOffers.initiatorId))
    .where(eq(coinflipOffers.id, input.offerId));
  const found = read ? { ...read.offer, initiatorName: read.initiatorName } : undefined;
  if (found?.initiatorId === member._id) return { refused: COINFLIP_MESSAGES.ownOffer };
  if (found?.state !== "open" || found.expiresAt <= now)
    return { refused: COINFLIP_MESSAGES.offerGone };
  const startAt = new Date(now.getTime() + COINFLIP_LIMITS.countdownMs);
  return transaction(ctx, async (tx, afterCommit): Promise<CoinflipAnswer> => {
    const held = await holdMembers(ctx, tx, [found.initiatorId, member._id], now);
    const mine = held.get(member._id) ?? 0;
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
    await recordGameRows(
      ctx,
      tx,
      afterCommit,
      held,
      [
        {
          userId: member._id,
          delta: -row.wager,
          reason: COINFLIP_REASONS.stake,
          reference: row.id,
        },
      ],
      now,
    );
    const offer = present(
      row,
      new Map([
        [found.initiatorId, found.initiatorName],
        [member._id, member.username],
      ]),
    );
    afterCommit(() => {
      ctx.realtime.publish(OUT.accepted, offer, playersOf(row));
      ctx.services.get(coinflipFeedService).note(offer);
      dueAt?.(startAt);
    });
    return { offer };
  });
}

/** How many due offers one batch moves (one transaction each kind). */
const SWEEP_BATCH = 25;

/**
 * Open offers past their expiry expire, in one transaction: holding the initiators' points rows,
 * each offer moves from open to expired only if it still is, and its stake comes back
 * (`coinflip-refund`). After the commit each initiator hears `coinflip-offer-timeout` and the room's
 * feed the expired offers. Answers how many this call expired (others: already moved elsewhere).
 * `when` is the offers' due condition (default: past their expiry at `now`).
 */
async function expireOffers(
  ctx: AppContext,
  due: OfferRow[],
  now: Date,
  when: SQL = lte(coinflipOffers.expiresAt, now),
): Promise<number> {
  if (due.length === 0) return 0;
  return transaction(ctx, async (tx, afterCommit) => {
    const held = await holdMembers(
      ctx,
      tx,
      due.map((o) => o.initiatorId),
      now,
    );
    const expired = await tx
      .update(coinflipOffers)
      .set({ state: "expired" })
      .where(
        and(
          inArray(
            coinflipOffers.id,
            due.map((o) => o.id),
          ),
          eq(coinflipOffers.state, "open"),
          when,
        ),
      )
      .returning();
    if (expired.length === 0) return 0;
    const names = await namesOf(tx, expired);
    afterCommit(() => {
      const feed = ctx.services.get(coinflipFeedService);
      for (const row of expired) {
        ctx.realtime.publish(OUT.timeout, { offerId: row.id }, playersOf(row));
        feed.note(present(row, names));
      }
    });
    await recordGameRows(
      ctx,
      tx,
      afterCommit,
      held,
      expired.map((row) => ({
        userId: row.initiatorId,
        delta: row.wager,
        reason: COINFLIP_REASONS.refund,
        reference: row.id,
      })),
      now,
    );
    return expired.length;
  });
}

/**
 * Accepted offers at their start settle, in one transaction: holding both players' points rows
 * (all of the batch's, in the order of their ids), each face is drawn with a cryptographic
 * generator, each offer moves from accepted to settled with its face, winner and time only if it
 * still is accepted, and each winner gets both stakes (`coinflip-win`). After the commit both
 * players hear `coinflip-start` and `coinflip-result`, each player's result counting their stake
 * back in "before" (winner +wager, loser -wager); the room's feed gets the settled offers.
 * `when` is the offers' due condition (default: at their start at `now`).
 */
async function settleOffers(
  ctx: AppContext,
  due: OfferRow[],
  now: Date,
  when: SQL = lte(coinflipOffers.startAt, now),
): Promise<number> {
  const playing = due.filter((o) => o.opponentId);
  if (playing.length === 0) return 0;
  // Each offer's face, drawn before the transaction (a draw never depends on what it reads).
  const byFace = new Map<CoinFace, string[]>(COIN_FACES.map((f) => [f, []]));
  for (const offer of playing)
    byFace.get(COIN_FACES[randomInt(COIN_FACES.length)] as CoinFace)?.push(offer.id);
  return transaction(ctx, async (tx, afterCommit) => {
    const held = await holdMembers(
      ctx,
      tx,
      playing.flatMap((o) => [o.initiatorId, o.opponentId as string]),
      now,
    );
    const rows: OfferRow[] = [];
    for (const [face, ids] of byFace) {
      if (ids.length === 0) continue;
      const settled = await tx
        .update(coinflipOffers)
        .set({
          state: "settled",
          face,
          winnerId: sql`case when ${coinflipOffers.pick} = ${face} then ${coinflipOffers.initiatorId} else ${coinflipOffers.opponentId} end`,
          settledAt: now,
        })
        .where(and(inArray(coinflipOffers.id, ids), eq(coinflipOffers.state, "accepted"), when))
        .returning();
      rows.push(...settled);
    }
    if (rows.length === 0) return 0;
    const names = await namesOf(tx, rows);
    const events = rows.map((row) => {
      const winnerId = row.winnerId as string;
      const results: Record<string, CoinflipResult> = {};
      for (const userId of [row.initiatorId, row.opponentId as string]) {
        const points = held.get(userId) ?? 0;
        const isWinner = userId === winnerId;
        results[userId] = {
          wager: row.wager,
          outcome: isWinner ? "win" : "lose",
          face: row.face as CoinFace,
          pointsBefore: points + row.wager,
          pointsAfter: isWinner ? points + 2 * row.wager : points,
        };
      }
      const settled = present(row, names);
      const started: CoinflipOffer = { ...settled, state: "accepted", face: null, winnerId: null };
      return { row, started, settled, results, winnerId };
    });
    afterCommit(() => {
      const feed = ctx.services.get(coinflipFeedService);
      for (const { row, started, settled, results } of events) {
        const players = playersOf(row);
        ctx.realtime.publish(OUT.start, started, players);
        ctx.realtime.publish(OUT.result, { offer: settled, results }, players);
        feed.note(settled);
      }
    });
    await recordGameRows(
      ctx,
      tx,
      afterCommit,
      held,
      events.map(({ row, winnerId }) => ({
        userId: winnerId,
        delta: 2 * row.wager,
        reason: COINFLIP_REASONS.win,
        reference: row.id,
      })),
      now,
    );
    return events.length;
  });
}

/**
 * Offers from before the last boundary of the points month (the freeze start, the 1st), whatever
 * their timers say (decisions: no stake crosses the month): open ones expire with their refund,
 * accepted ones are drawn and settled at once, each written in the month the stakes were taken
 * (`settledAt`: the ledger rows' time). Answers how many moved.
 */
async function closeForMonth(ctx: AppContext, due: OfferRow[], now: Date): Promise<number> {
  const stale = lt(coinflipOffers.createdAt, lastBoundary(ctx, now));
  const byTime = new Map<number, OfferRow[]>();
  for (const offer of due) {
    const at = settledAt(ctx, offer.createdAt, now).getTime();
    byTime.set(at, [...(byTime.get(at) ?? []), offer]);
  }
  let moved = 0;
  for (const [at, offers] of byTime) {
    const open = offers.filter((o) => o.state === "open");
    const accepted = offers.filter((o) => o.state === "accepted");
    moved += await expireOffers(ctx, open, new Date(at), stale);
    moved += await settleOffers(ctx, accepted, new Date(at), stale);
  }
  return moved;
}

/**
 * Settles what is due at the clock's now: offers from before the points freeze or the month's
 * start close (`closeForMonth`), open offers past their expiry expire, accepted offers at their
 * start settle, a batch of each at a time. Safe on several instances at once (each move is
 * conditional on the state). Answers how many offers this call moved.
 */
export async function settleDue(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const boundary = lastBoundary(ctx, now);
  return settleInBatches(
    SWEEP_BATCH,
    (limit) => dueOffers(ctx, now, limit),
    async (due) => {
      const fresh = due.filter((o) => o.createdAt >= boundary);
      return (
        (await closeForMonth(
          ctx,
          due.filter((o) => o.createdAt < boundary),
          now,
        )) +
        (await expireOffers(
          ctx,
          fresh.filter((o) => o.state === "open"),
          now,
        )) +
        (await settleOffers(
          ctx,
          fresh.filter((o) => o.state === "accepted"),
          now,
        ))
      );
    },
  );
}

/**
 * Up to `limit` offers due at `now` (open past their expiry, accepted at their start, either from
 * before the month's last boundary), oldest first.
 */
const dueOffers = (ctx: AppContext, now: Date, limit: number) =>
  ctx.db
    .select()
    .from(coinflipOffers)
    .where(
      or(
        and(eq(coinflipOffers.state, "open"), lte(coinflipOffers.expiresAt, now)),
        and(eq(coinflipOffers.state, "accepted"), lte(coinflipOffers.startAt, now)),
        and(
          inArray(coinflipOffers.state, ["open", "accepted"]),
          lt(coinflipOffers.createdAt, lastBoundary(ctx, now)),
        ),
      ),
    )
    .orderBy(asc(coinflipOffers.createdAt))
    .limit(limit);

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
  return earliest([open?.at, accepted?.at]);
}

/**
 * What a newcomer is sent (one `coinflip-offers`): the offers of the history's cards (the latest
 * `joinOffersMax` of the last `recentOffersMs`, every state) and the member's own active flip
 * (open or accepted, however many offers came after it), oldest first.
 */
export async function joinOffers(ctx: AppContext, memberId: string): Promise<CoinflipOffer[]> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - COINFLIP_LIMITS.recentOffersMs);
  const latest = await ctx.db
    .select()
    .from(coinflipOffers)
    .where(and(gte(coinflipOffers.createdAt, since), lte(coinflipOffers.createdAt, now)))
    .orderBy(desc(coinflipOffers.createdAt))
    .limit(COINFLIP_LIMITS.joinOffersMax);
  const own = await ctx.db
    .select()
    .from(coinflipOffers)
    .where(
      and(
        inArray(coinflipOffers.state, ["open", "accepted"]),
        or(eq(coinflipOffers.initiatorId, memberId), eq(coinflipOffers.opponentId, memberId)),
      ),
    );
  const rows = [...new Map([...latest, ...own].map((r) => [r.id, r])).values()].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const names = await namesOf(ctx.db, rows);
  return rows.map((r) => present(r, names));
}
