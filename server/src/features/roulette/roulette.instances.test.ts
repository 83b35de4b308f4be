import {
  ROULETTE_CLIENT_EVENTS as IN,
  ROULETTE_SERVER_EVENTS as OUT,
  POINTS_API,
  ROULETTE_LIMITS,
  ROULETTE_REASONS,
  type RouletteBet,
  type RouletteBetsConfirmed,
  type RouletteCountdown,
  type RouletteResult,
  type RouletteSpin,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { buildPoints } from "../../../test/factories/points.ts";
import { buildUser } from "../../../test/factories.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { jobsOf } from "../../jobs.ts";
import { createJobRunner } from "../../platform/jobs/index.ts";
import { FEATURES } from "../index.ts";
import { rouletteRounds } from "./schema.ts";
import { paidBack, roundNets, verifies } from "./test-support.ts";
import { rouletteRoundJob } from "./timers.ts";

/**
 * Roulette on two app instances sharing one database and one Redis: one round for members of
 * both, moved once when both sweep at the same moment; and a round cut off by its instance stopping
 * is spun and settled by its number, once, when an instance starts later.
 */

const instances = twoInstancesFixture();
let now = new Date("2026-07-10T12:00:00Z");
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(() => {
  for (const t of [instances.one, instances.two]) t.ctx.clock = { now: () => now };
});

async function member(t: TestApp, points: number): Promise<ChatClient> {
  const built = await buildUser(t.ctx.db);
  await buildPoints(t.ctx.db, built.user.id, points, { at: now });
  return instances.join(t, built);
}

const pointsOf = async (c: ChatClient) =>
  (await c.agent.get(POINTS_API.myPoints)).json().points as number;

async function bet(c: ChatClient, bets: RouletteBet[]) {
  c.socket.emit(IN.placeBets, { bets });
  return c.next<RouletteBetsConfirmed>(OUT.betsConfirmed);
}

/** Both instances' sweeps at the same moment, twice over. */
async function sweepBoth() {
  await instances.tickOnBoth(rouletteRoundJob);
  await Promise.all([
    instances.one.jobs.runOnce(rouletteRoundJob.name),
    instances.two.jobs.runOnce(rouletteRoundJob.name),
  ]);
}

describe("roulette across instances", () => {
  it("members of both instances in one round: one countdown, one spin, one settlement, same number", async () => {
    const { one, two } = instances;
    await sweepBoth();
    const a = await member(one, 100);
    const b = await member(two, 100);
    const aBets: RouletteBet[] = [{ type: "color", value: "black", amount: 50 }];
    const bBets: RouletteBet[] = [{ type: "dozen", value: 3, amount: 25 }];
    const first = await bet(a, aBets);
    // The countdown made on one reaches b on two.
    await b.next<RouletteCountdown>(OUT.countdown, (c) => c.roundId === first.roundId);
    const second = await bet(b, bBets);
    expect(second.roundId).toBe(first.roundId);

    advance(ROULETTE_LIMITS.bettingMs);
    await sweepBoth();
    advance(ROULETTE_LIMITS.spinMs);
    await sweepBoth();
    await instances.settled([a, b]);
    const of = <T>(c: ChatClient, event: string) =>
      c.received.filter((r) => r.event === event).map((r) => r.payload as T);
    for (const c of [a, b]) {
      expect(of<RouletteSpin>(c, OUT.spin)).toHaveLength(1);
      expect(of<RouletteResult>(c, OUT.result)).toHaveLength(1);
    }
    const [result] = of<RouletteResult>(a, OUT.result);
    if (!result) throw new Error("no result");
    expect(of<RouletteResult>(b, OUT.result)[0]?.number).toBe(result.number);
    expect(await verifies(result)).toBe(true);
    const nets = await roundNets(one.ctx, first.roundId);
    const wins = nets.rows.filter((r) => r.reason === ROULETTE_REASONS.win);
    expect(wins.length).toBe(
      [paidBack(aBets, result.number), paidBack(bBets, result.number)].filter(Boolean).length,
    );
    expect(await pointsOf(a)).toBe(50 + paidBack(aBets, result.number));
    expect(await pointsOf(b)).toBe(75 + paidBack(bBets, result.number));
    let players = 0;
    for (const n of nets.players.values()) players += n;
    expect((nets.houseNet ?? Number.NaN) + players).toBe(0);
    advance(ROULETTE_LIMITS.resetMs);
    await sweepBoth();
  });

  it("a round cut off by its instance stopping: spun and settled by its number once when an instance starts", async () => {
    const { one, two } = instances;
    await sweepBoth();
    const a = await member(two, 80);
    const b = await member(two, 80);
    const watcher = await member(one, 0);
    const aBets: RouletteBet[] = [{ type: "number", value: 12, amount: 30 }];
    const bBets: RouletteBet[] = [
      { type: "range", value: "1-18", amount: 10 },
      { type: "color", value: "red", amount: 10 },
    ];
    const first = await bet(a, aBets);
    await bet(b, bBets);
    // Instance two stops in the middle of betting; instance one's clock stays behind (no sweep).
    await instances.die(two);
    let later = new Date(now.getTime() + ROULETTE_LIMITS.bettingMs + 60_000);

    let restarted: TestApp | undefined;
    try {
      restarted = await createTestApp(
        { REDIS_URL: instances.redis.url },
        { sameDatabaseAs: one, jobs: [] },
      );
      restarted.ctx.clock = { now: () => later };
      const runner = createJobRunner(restarted.ctx, jobsOf(FEATURES));
      const again = createJobRunner(restarted.ctx, [rouletteRoundJob]);
      await Promise.all([runner.start(), again.start()]);
      await Promise.all([runner.stop(), again.stop()]);
      // Late, the round still spins to the number its seed fixed, then settles by it.
      const spun = await watcher.next<RouletteSpin>(OUT.spin, (s) => s.roundId === first.roundId);
      later = new Date(later.getTime() + ROULETTE_LIMITS.spinMs);
      await Promise.all([
        runner.runOnce(rouletteRoundJob.name),
        again.runOnce(rouletteRoundJob.name),
      ]);
      const result = await watcher.next<RouletteResult>(
        OUT.result,
        (r) => r.roundId === first.roundId,
      );
      expect(result.number).toBe(spun.number);
      expect(await verifies(result)).toBe(true);

      const [round] = await one.ctx.db
        .select()
        .from(rouletteRounds)
        .where(eq(rouletteRounds.id, first.roundId));
      expect(round?.status).toBe("finished");
      const nets = await roundNets(one.ctx, first.roundId);
      expect(nets.rows.filter((r) => r.reason === ROULETTE_REASONS.refund)).toEqual([]);
      // (a and b were on the instance that stopped: their nets are read from the ledger.)
      expect(nets.players.get(a.member.user.id)).toBe(paidBack(aBets, spun.number) - 30);
      expect(nets.players.get(b.member.user.id)).toBe(paidBack(bBets, spun.number) - 20);
      let players = 0;
      for (const n of nets.players.values()) players += n;
      expect((nets.houseNet ?? Number.NaN) + players).toBe(0);

      // Instance one catching up later moves nothing again.
      now = later;
      await one.jobs.runOnce(rouletteRoundJob.name);
      expect((await roundNets(one.ctx, first.roundId)).rows).toHaveLength(nets.rows.length);
      const results = watcher.received.filter(
        (r) => r.event === OUT.result && (r.payload as RouletteResult).roundId === first.roundId,
      );
      expect(results).toHaveLength(1);
    } finally {
      await restarted?.close();
    }
  });
});
