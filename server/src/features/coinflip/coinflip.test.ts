import {
  ADMIN_API,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatErrorEvent,
  type ChatMessageView,
  COINFLIP_LIMITS,
  COINFLIP_MESSAGES,
  COINFLIP_REASONS,
  COINFLIP_UI_TEXTS,
  type CoinflipErrorEvent,
  type CoinflipOffer,
  type CoinflipOffersEvent,
  type CoinflipResultEvent,
  type CoinflipTimeoutEvent,
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { ChatClient } from "../../../test/chat-client.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { inFeed } from "../../../test/coinflip-feed.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { gameTime, ledgerOf, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { signInMember } from "../../../test/members.ts";
import { COINFLIP_SETTLE_JOB } from "./timers.ts";

/**
 * The coin flip on the server (issue 16): offers, refusals with the catalogue's messages, the
 * acceptance race, the countdown's settlement and the expiry's refund, as members in the room see
 * them, and the ledger's rows behind them.
 */

const room = chatRoomFixture();

const time = gameTime(() => [room.t]);

/** A member with `points` this month, in the room. */
const member = (points: number) =>
  memberWithPoints(room.t.ctx.db, (m) => room.join(m), points, time.now());

const offerBy = (client: ChatClient) => (o: CoinflipOffer) =>
  o.initiator.id === client.member.user.id;

async function create(client: ChatClient, wager: number, pick: "heads" | "tails" = "heads") {
  client.socket.emit(IN.create, { pick, wager });
  return client.next<CoinflipOffer>(OUT.offer, (o) => offerBy(client)(o) && o.state === "open");
}

async function refusal(client: ChatClient): Promise<string> {
  return (await client.next<CoinflipErrorEvent>(OUT.error)).message;
}

/** Settles what is due at the app's clock now (the sweep job, as its timer runs it). */
const sweep = () => room.t.jobs.runOnce(COINFLIP_SETTLE_JOB);

describe("coinflip-create", () => {
  it("takes the stake, sends the initiator coinflip-offer, and the room the offer and its chat message through the feed", async () => {
    const a = await member(30);
    const watcher = await member(0);
    a.socket.emit(IN.create, { pick: "tails", wager: 12 });
    const offer = await a.next<CoinflipOffer>(OUT.offer, offerBy(a));
    expect(await inFeed(watcher, offer.offerId, "open")).toEqual(offer);
    // The flip's own events are its players': the room follows the feed.
    expect(watcher.received.some((r) => r.event === OUT.offer)).toBe(false);
    expect(offer).toMatchObject({
      state: "open",
      initiator: { id: a.member.user.id, username: a.member.user.username },
      opponent: null,
      pick: "tails",
      wager: 12,
      startAt: null,
      face: null,
      winnerId: null,
      createdAt: new Date(time.ms()).toISOString(),
      expiresAt: new Date(time.ms() + COINFLIP_LIMITS.offerExpiryMs).toISOString(),
    });
    const message = await watcher.next<ChatMessageView>(
      CHAT_OUT.message,
      (m) => m._id === offer.offerId,
    );
    expect(message).toMatchObject({
      type: "coinflip",
      senderId: a.member.user.id,
      message: COINFLIP_UI_TEXTS.offerBy(a.member.user.username, 12),
    });
    expect(await pointsOf(a)).toBe(18);
    expect(await ledgerOf(room.t.ctx.db, offer.offerId)).toEqual([
      { userId: a.member.user.id, delta: -12, reason: COINFLIP_REASONS.stake },
    ]);
  });

  it("refuses under 5 points, a wager above the points, a second active flip and a bad payload", async () => {
    const poor = await member(COINFLIP_LIMITS.minWager - 1);
    poor.socket.emit(IN.create, { pick: "heads", wager: COINFLIP_LIMITS.minWager });
    expect(await refusal(poor)).toBe(COINFLIP_MESSAGES.needMinimum);

    const a = await member(10);
    a.socket.emit(IN.create, { pick: "heads", wager: 11 });
    expect(await refusal(a)).toBe(COINFLIP_MESSAGES.wagerAboveBalance(10));
    await create(a, 5);
    a.socket.emit(IN.create, { pick: "heads", wager: 5 });
    expect(await refusal(a)).toBe(COINFLIP_MESSAGES.alreadyActive);
    expect(await pointsOf(a)).toBe(5);

    // The payload's own checks answer with chat-error and the contracts' messages.
    const b = await member(50);
    b.socket.emit(IN.create, { pick: "edge", wager: 5 });
    expect((await b.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      COINFLIP_MESSAGES.pickRequired,
    );
    b.socket.emit(IN.create, { pick: "heads", wager: COINFLIP_LIMITS.minWager - 1 });
    expect((await b.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      COINFLIP_MESSAGES.wagerMinimum,
    );
    b.socket.emit(IN.create, { pick: "heads", wager: 5.5 });
    expect((await b.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      COINFLIP_MESSAGES.wagerWhole,
    );
    expect(await pointsOf(b)).toBe(50);
  });
});

describe("coinflip-accept", () => {
  it("refuses one's own offer, an unknown or expired offer, an accepter with an active flip or too few points", async () => {
    const a = await member(20);
    const offer = await create(a, 10);
    a.socket.emit(IN.accept, { offerId: offer.offerId });
    expect(await refusal(a)).toBe(COINFLIP_MESSAGES.ownOffer);

    const b = await member(9);
    b.socket.emit(IN.accept, { offerId: offer.offerId });
    expect(await refusal(b)).toBe(COINFLIP_MESSAGES.needToAccept(10));
    b.socket.emit(IN.accept, { offerId: "no-such-offer" });
    expect(await refusal(b)).toBe(COINFLIP_MESSAGES.offerGone);

    const c = await member(40);
    await create(c, 5);
    c.socket.emit(IN.accept, { offerId: offer.offerId });
    expect(await refusal(c)).toBe(COINFLIP_MESSAGES.alreadyActive);

    // Past its expiry, before any sweep: gone already.
    time.advance(COINFLIP_LIMITS.offerExpiryMs);
    const d = await member(40);
    d.socket.emit(IN.accept, { offerId: offer.offerId });
    expect(await refusal(d)).toBe(COINFLIP_MESSAGES.offerGone);
    expect(await pointsOf(d)).toBe(40);
    expect(await pointsOf(b)).toBe(9);
  });

  it("accept, countdown, settlement: both see start and result; the winner nets +wager, the loser -wager", async () => {
    const a = await member(50);
    const b = await member(30);
    const offer = await create(a, 20, "heads");
    b.socket.emit(IN.accept, { offerId: offer.offerId });
    for (const c of [a, b]) {
      const accepted = await c.next<CoinflipOffer>(
        OUT.accepted,
        (o) => o.offerId === offer.offerId,
      );
      expect(accepted).toMatchObject({
        state: "accepted",
        opponent: { id: b.member.user.id, username: b.member.user.username },
        startAt: new Date(time.ms() + COINFLIP_LIMITS.countdownMs).toISOString(),
        face: null,
      });
    }
    expect(await pointsOf(b)).toBe(10);

    // Not yet: a sweep a millisecond early settles nothing.
    time.advance(COINFLIP_LIMITS.countdownMs - 1);
    await sweep();
    expect(a.received.some((r) => r.event === OUT.result)).toBe(false);
    time.advance(1);
    await sweep();
    const results: CoinflipResultEvent[] = [];
    for (const c of [a, b]) {
      const start = await c.next<CoinflipOffer>(OUT.start, (o) => o.offerId === offer.offerId);
      expect(start.face).toBeNull();
      results.push(
        await c.next<CoinflipResultEvent>(OUT.result, (r) => r.offer.offerId === offer.offerId),
      );
    }
    const [result] = results;
    if (!result) throw new Error("no result");
    expect(results[1]).toEqual(result);
    const { face, winnerId } = result.offer;
    expect(result.offer.state).toBe("settled");
    expect(winnerId).toBe(face === "heads" ? a.member.user.id : b.member.user.id);
    const winner = winnerId === a.member.user.id ? a : b;
    const loser = winner === a ? b : a;
    const before = new Map([
      [a, 50],
      [b, 30],
    ]);
    expect(result.results[winner.member.user.id]).toEqual({
      wager: 20,
      outcome: "win",
      face,
      pointsBefore: before.get(winner),
      pointsAfter: (before.get(winner) ?? 0) + 20,
    });
    expect(result.results[loser.member.user.id]).toEqual({
      wager: 20,
      outcome: "lose",
      face,
      pointsBefore: before.get(loser),
      pointsAfter: (before.get(loser) ?? 0) - 20,
    });
    expect(await pointsOf(winner)).toBe((before.get(winner) ?? 0) + 20);
    expect(await pointsOf(loser)).toBe((before.get(loser) ?? 0) - 20);
    const rows = await ledgerOf(room.t.ctx.db, offer.offerId);
    expect(rows).toHaveLength(3);
    expect(rows).toContainEqual({ userId: winnerId, delta: 40, reason: COINFLIP_REASONS.win });

    // Again: nothing moves twice.
    time.advance(COINFLIP_LIMITS.offerExpiryMs);
    await sweep();
    expect(await ledgerOf(room.t.ctx.db, offer.offerId)).toHaveLength(3);
    // Both are free for another flip.
    await create(a, 5);
  });

  it("two members racing for one offer: one gets it, the other hears it is gone", async () => {
    const a = await member(20);
    const b = await member(20);
    const c = await member(20);
    const offer = await create(a, 10);
    b.socket.emit(IN.accept, { offerId: offer.offerId });
    c.socket.emit(IN.accept, { offerId: offer.offerId });
    const accepted = await a.next<CoinflipOffer>(OUT.accepted);
    const winner = accepted.opponent?.id === b.member.user.id ? b : c;
    const loser = winner === b ? c : b;
    expect(await refusal(loser)).toBe(COINFLIP_MESSAGES.offerGone);
    expect(await pointsOf(winner)).toBe(10);
    expect(await pointsOf(loser)).toBe(20);
    expect(await pointsOf(a)).toBe(10);
  });
});

describe("expiry", () => {
  it("an offer not accepted in 60 s expires: stake returned, coinflip-offer-timeout to the initiator, the room sees it expired", async () => {
    const a = await member(15);
    const watcher = await member(0);
    const offer = await create(a, 15);
    expect(await pointsOf(a)).toBe(0);
    time.advance(COINFLIP_LIMITS.offerExpiryMs - 1);
    await sweep();
    expect(await pointsOf(a)).toBe(0);
    time.advance(1);
    await sweep();
    // This offer's timeout (an offer another test of the file left open may expire in this sweep).
    const timeout = await a.next<CoinflipTimeoutEvent>(
      OUT.timeout,
      (e) => e.offerId === offer.offerId,
    );
    expect(timeout).toEqual({ offerId: offer.offerId });
    expect(await inFeed(watcher, offer.offerId, "expired")).toMatchObject({ wager: 15 });
    expect(await pointsOf(a)).toBe(15);
    expect(await ledgerOf(room.t.ctx.db, offer.offerId)).toEqual([
      { userId: a.member.user.id, delta: -15, reason: COINFLIP_REASONS.stake },
      { userId: a.member.user.id, delta: 15, reason: COINFLIP_REASONS.refund },
    ]);
    await sweep();
    expect(await ledgerOf(room.t.ctx.db, offer.offerId)).toHaveLength(2);
    // The member may offer again.
    await create(a, 15);
  });
});

describe("the month-end freeze", () => {
  it("no offer and no acceptance from the 25th 00:00 station time; an accepted flip still settles", async () => {
    // 24 July 23:59 BST.
    time.set("2026-07-24T22:59:00Z");
    const a = await member(30);
    const b = await member(30);
    const c = await member(30);
    const open = await create(a, 10);
    const d = await member(30);
    const second = await create(d, 10);
    b.socket.emit(IN.accept, { offerId: second.offerId });
    await b.next(OUT.accepted);
    // 25 July 00:00 BST.
    time.set("2026-07-24T23:00:00Z");
    c.socket.emit(IN.create, { pick: "heads", wager: 5 });
    expect(await refusal(c)).toBe(COINFLIP_MESSAGES.closed);
    c.socket.emit(IN.accept, { offerId: open.offerId });
    expect(await refusal(c)).toBe(COINFLIP_MESSAGES.closed);
    expect(await pointsOf(c)).toBe(30);
    await sweep();
    await b.next(OUT.result, (r: CoinflipResultEvent) => r.offer.offerId === second.offerId);
  });
});

describe("joining the room", () => {
  it("a newcomer gets one coinflip-offers with the offers of the last hour, settled ones with face and winner", async () => {
    // Another day: the other tests' offers are older than an hour.
    time.set("2026-07-12T12:00:00Z");
    const a = await member(100);
    const b = await member(100);
    const old = await create(a, 5);
    time.advance(COINFLIP_LIMITS.offerExpiryMs);
    await sweep();
    time.advance(COINFLIP_LIMITS.recentOffersMs - COINFLIP_LIMITS.offerExpiryMs + 1);
    const flip = await create(a, 10);
    b.socket.emit(IN.accept, { offerId: flip.offerId });
    await b.next(OUT.accepted);
    time.advance(COINFLIP_LIMITS.countdownMs);
    await sweep();
    const result = await b.next<CoinflipResultEvent>(OUT.result);
    const waiting = await create(b, 5);
    // The room's feed carries the new offer within an interval (real time): the newcomer joins after
    // it went out, so what it hears of the offers is the join's answer alone. (On a loaded machine
    // the feed went out after the join, as a second coinflip-offers.)
    await a.next<CoinflipOffersEvent>(
      OUT.offers,
      (p) => p.offers.some((o) => o.offerId === waiting.offerId),
      COINFLIP_LIMITS.feedIntervalMs * 4,
    );

    const newcomer = await member(0);
    const { offers } = await newcomer.next<CoinflipOffersEvent>(OUT.offers);
    expect(offers).toEqual([result.offer, waiting]);
    // Nothing else: a marker event sent after the join comes next.
    newcomer.socket.emit(IN.accept, {});
    await newcomer.next(CHAT_OUT.error);
    expect(newcomer.received.filter((r) => r.event === OUT.offers)).toHaveLength(1);
    expect(offers.map((o) => o.offerId)).not.toContain(old.offerId);
    expect(offers[0]?.face).not.toBeNull();
  });
});

describe("deleting an account", () => {
  it("a player of an accepted flip deleted: the other gets their stake back and hears it timed out; so does the room", async () => {
    const a = await member(20);
    const b = await member(20);
    const watcher = await member(0);
    const offer = await create(a, 10);
    b.socket.emit(IN.accept, { offerId: offer.offerId });
    await b.next(OUT.accepted);
    expect(await pointsOf(b)).toBe(10);
    const admin = await signInMember(room.t, buildAdmin);
    const res = await admin.agent.post(ADMIN_API.userDelete(a.member.user.id));
    expect(res.statusCode).toBe(200);
    expect(await b.next<CoinflipTimeoutEvent>(OUT.timeout)).toEqual({ offerId: offer.offerId });
    await inFeed(watcher, offer.offerId, "expired");
    expect(await pointsOf(b)).toBe(20);
    expect(await ledgerOf(room.t.ctx.db, offer.offerId)).toEqual([
      { userId: b.member.user.id, delta: -10, reason: COINFLIP_REASONS.stake },
      { userId: b.member.user.id, delta: 10, reason: COINFLIP_REASONS.refund },
    ]);
    // Nothing is left to settle.
    time.advance(COINFLIP_LIMITS.countdownMs);
    await sweep();
    expect(b.received.some((r) => r.event === OUT.result)).toBe(false);
  });
});
