import {
  COINFLIP_LIMITS,
  COINFLIP_REASONS,
  type CoinflipOffer,
  type CoinflipResultEvent,
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { fromFeed, inFeed } from "../../../test/coinflip-feed.ts";
import { gameTime, ledgerOf, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { jobsOf } from "../../jobs.ts";
import { createJobRunner } from "../../platform/jobs/index.ts";
import { FEATURES } from "../index.ts";
import { coinflipSettleJob } from "./timers.ts";

/**
 * The coin flip on two app instances sharing one database and one Redis: an offer made on one and
 * accepted on the other settles once when both sweep at the same moment, and a flip that fell due
 * while its instance was down settles once when an instance starts.
 */

const instances = twoInstancesFixture();
const time = gameTime(() => [instances.one, instances.two], { eachTest: false });

/** A member with `points` this month, in `t`'s room. */
const member = (t: TestApp, points: number) =>
  memberWithPoints(t.ctx.db, (m) => instances.join(t, m), points, time.now());

async function offerAndAccept(a: ChatClient, b: ChatClient, wager: number) {
  a.socket.emit(IN.create, { pick: "heads", wager });
  const offer = await fromFeed(b, (o) => o.initiator.id === a.member.user.id && o.state === "open");
  b.socket.emit(IN.accept, { offerId: offer.offerId });
  await a.next<CoinflipOffer>(OUT.accepted, (o) => o.offerId === offer.offerId);
  return offer;
}

describe("coin flips across instances", () => {
  it("made on one, accepted on the other, swept by both at once: settled once, seen on both", async () => {
    const { one, two } = instances;
    const a = await member(one, 40);
    const b = await member(two, 40);
    const offer = await offerAndAccept(a, b, 15);
    time.advance(COINFLIP_LIMITS.countdownMs);
    await instances.tickOnBoth(coinflipSettleJob);
    await Promise.all([
      one.jobs.runOnce(coinflipSettleJob.name),
      two.jobs.runOnce(coinflipSettleJob.name),
    ]);
    await instances.settled([a, b]);
    const results = [a, b].map((c) =>
      c.received.filter(
        (r) =>
          r.event === OUT.result &&
          (r.payload as CoinflipResultEvent).offer.offerId === offer.offerId,
      ),
    );
    expect(results.map((r) => r.length)).toEqual([1, 1]);
    const rows = await ledgerOf(one.ctx.db, offer.offerId);
    expect(rows.filter((r) => r.reason === COINFLIP_REASONS.win).map((r) => r.delta)).toEqual([30]);
    expect((await pointsOf(a)) + (await pointsOf(b))).toBe(80);
    expect([await pointsOf(a), await pointsOf(b)].sort()).toEqual([25, 55]);
  });

  it("a flip due while its instance was down settles once when an instance starts", async () => {
    const { one, two } = instances;
    const a = await member(two, 30);
    const b = await member(two, 30);
    const watcher = await member(one, 0);
    const offer = await offerAndAccept(a, b, 10);
    const open = await (async () => {
      const c = await member(two, 10);
      c.socket.emit(IN.create, { pick: "tails", wager: 10 });
      return fromFeed(watcher, (o) => o.initiator.id === c.member.user.id);
    })();
    // Instance two goes down before either is due; instance one's clock stays behind (no sweep).
    await instances.die(two);
    const later = new Date(time.ms() + COINFLIP_LIMITS.offerExpiryMs + 1_000);

    // A new instance starts on the same database and Redis, at a time both are due.
    let restarted: TestApp | undefined;
    try {
      restarted = await createTestApp(
        { REDIS_URL: instances.redis.url },
        { sameDatabaseAs: one, jobs: [] },
      );
      restarted.ctx.clock = { now: () => later };
      const runner = createJobRunner(restarted.ctx, jobsOf(FEATURES));
      const second = createJobRunner(restarted.ctx, [coinflipSettleJob]);
      await Promise.all([runner.start(), second.start()]);
      await Promise.all([runner.stop(), second.stop()]);
      // The room (a watcher on instance one) hears both through the new instance's feed.
      const settled = await inFeed(watcher, offer.offerId, "settled");
      expect(settled.winnerId).not.toBeNull();
      await inFeed(watcher, open.offerId, "expired");
      const rows = await ledgerOf(one.ctx.db, offer.offerId);
      expect(rows.map((r) => r.reason).sort()).toEqual(
        [COINFLIP_REASONS.stake, COINFLIP_REASONS.stake, COINFLIP_REASONS.win].sort(),
      );
      const refunds = await ledgerOf(one.ctx.db, open.offerId);
      expect(refunds.map((r) => r.delta)).toEqual([-10, 10]);

      // Instance one catching up later moves nothing again.
      time.set(later);
      await one.jobs.runOnce(coinflipSettleJob.name);
      expect(await ledgerOf(one.ctx.db, offer.offerId)).toHaveLength(3);
      expect(await ledgerOf(one.ctx.db, open.offerId)).toHaveLength(2);
    } finally {
      await restarted?.close();
    }
  });
});
