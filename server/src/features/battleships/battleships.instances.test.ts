import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_REASONS,
  type BattleshipsOffer,
  BATTLESHIPS_CLIENT_EVENTS as IN,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { offer, playToEnd, startGame } from "../../../test/battleships.ts";
import { gameTime, ledgerOf, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { battleshipsSweepJob } from "./timers.ts";

/**
 * Battleships on two app instances sharing one database and one Redis: a game offered on one and
 * accepted and played across both settles once; an offer swept by both at once is refunded once.
 */

const instances = twoInstancesFixture();
const time = gameTime(() => [instances.one, instances.two], { eachTest: false });

/** A member with `points` this month, in `t`'s room. */
const member = (t: TestApp, points: number) =>
  memberWithPoints(t.ctx.db, (m) => instances.join(t, m), points, time.now());

describe("battleships across instances", () => {
  it("offered on one, accepted and played on both: one winner, paid once", async () => {
    const { one, two } = instances;
    const a = await member(one, 30);
    const b = await member(two, 30);
    const { gameId, fleetA, fleetB } = await startGame(one.ctx.db, a, b, 10);
    const { won, lost } = await playToEnd(gameId, a, b, b, fleetB, fleetA);
    expect(won.state).toMatchObject({ status: "finished", winnerId: b.member.user.id });
    expect(lost.state.result).toMatchObject({ outcome: "lose", pointsAfter: 20 });
    await instances.tickOnBoth(battleshipsSweepJob);
    await instances.settled([a, b]);
    const wins = (await ledgerOf(one.ctx.db, gameId)).filter(
      (r) => r.reason === BATTLESHIPS_REASONS.win,
    );
    expect(wins).toEqual([
      { userId: b.member.user.id, delta: 20, reason: BATTLESHIPS_REASONS.win },
    ]);
    expect(await pointsOf(a)).toBe(20);
    expect(await pointsOf(b)).toBe(40);
  });

  it("an offer swept on both at its expiry is refunded once; the room on both hears it once", async () => {
    const { one, two } = instances;
    const a = await member(one, 20);
    const watcher = await member(two, 0);
    const open = await offer(a, 5, watcher);
    time.advance(BATTLESHIPS_LIMITS.offerExpiryMs);
    await Promise.all([
      one.jobs.runOnce(battleshipsSweepJob.name),
      two.jobs.runOnce(battleshipsSweepJob.name),
    ]);
    await instances.settled([a, watcher]);
    const heard = watcher.received.filter(
      (r) => r.event === OUT.timeout && (r.payload as { gameId: string }).gameId === open.gameId,
    );
    expect(heard).toHaveLength(1);
    expect((await ledgerOf(one.ctx.db, open.gameId)).map((r) => r.delta)).toEqual([-5, 5]);
    expect(await pointsOf(a)).toBe(20);
    // Too late to accept, on either instance.
    const b = await member(one, 20);
    b.socket.emit(IN.accept, { gameId: open.gameId });
    expect(await b.next<{ message: string }>(OUT.error)).toBeTruthy();
    expect(
      a.received.some(
        (r) => r.event === OUT.accepted && (r.payload as BattleshipsOffer).gameId === open.gameId,
      ),
    ).toBe(false);
  });
});
