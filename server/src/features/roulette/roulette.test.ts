import {
  ADMIN_API,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatErrorEvent,
  ROULETTE_CLIENT_EVENTS as IN,
  ROULETTE_SERVER_EVENTS as OUT,
  POINTS_API,
  ROULETTE_LIMITS,
  ROULETTE_MESSAGES,
  ROULETTE_REASONS,
  type RouletteBet,
  type RouletteBetsConfirmed,
  type RouletteCountdown,
  type RouletteError,
  type RouletteHistoryUpdate,
  type RoulettePlayersUpdate,
  type RouletteResult,
  type RouletteSpin,
  type RouletteState,
} from "@airwave/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatClient } from "../../../test/chat-client.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { buildPoints } from "../../../test/factories/points.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock } from "../../platform/clock.ts";
import { paidBack, roundNets, verifies } from "./test-support.ts";
import { ROULETTE_ROUND_JOB } from "./timers.ts";

/**
 * Roulette on the server (issue 17): a round as members in the room see it (commitment, countdown,
 * spin, result with the seed, history), the ledger behind it, the refusals with the catalogue's
 * messages, a round found late settling by its number, and the caps on a position and a round.
 */

const room = chatRoomFixture();

let clockAt = new Date("2026-07-10T12:00:00Z").getTime();
const setClock = (at: number) => {
  clockAt = at;
  room.t.ctx.clock = fixedClock(clockAt);
};
const advance = (ms: number) => setClock(clockAt + ms);

/** Moves the round as the job does at the app's clock now. */
const sweep = () => room.t.jobs.runOnce(ROULETTE_ROUND_JOB);

// Each test starts with a fresh round in waiting: whatever round a test left is long overdue and
// moves on (spins, settles, makes way for a new one).
beforeEach(async () => {
  for (let i = 0; i < 3; i++) {
    advance(60 * 60_000);
    await sweep();
  }
});

async function member(points: number): Promise<ChatClient> {
  const built = await buildUser(room.t.ctx.db);
  if (points) await buildPoints(room.t.ctx.db, built.user.id, points, { at: new Date(clockAt) });
  return room.join(built);
}

async function pointsOf(client: ChatClient): Promise<number> {
  const res = await client.agent.get(POINTS_API.myPoints);
  expect(res.statusCode).toBe(200);
  return res.json().points;
}

async function spectate(client: ChatClient): Promise<RouletteState> {
  client.socket.emit(IN.joinSpectate);
  return client.next<RouletteState>(OUT.state);
}

async function bet(client: ChatClient, bets: RouletteBet[]) {
  client.socket.emit(IN.placeBets, { bets });
  return client.next<RouletteBetsConfirmed>(OUT.betsConfirmed);
}

const refusal = async (client: ChatClient) => (await client.next<RouletteError>(OUT.error)).message;

describe("a round", () => {
  it("commitment, countdown on the first bet, spin, result with the seed, payouts, history, reset", async () => {
    const a = await member(200);
    const b = await member(100);
    const watcher = await member(0);

    const before = await spectate(watcher);
    expect(before).toMatchObject({ status: "waiting", seed: null, number: null, players: [] });
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const aBets: RouletteBet[] = [
      { type: "number", value: 17, amount: 25 },
      { type: "color", value: "red", amount: 50 },
      { type: "dozen", value: 2, amount: 10 },
      { type: "number", value: 17, amount: 5 },
    ];
    const confirmed = await bet(a, aBets);
    expect(confirmed).toEqual({
      roundId: before.roundId,
      bets: [
        { type: "number", value: 17, amount: 30 },
        { type: "color", value: "red", amount: 50 },
        { type: "dozen", value: 2, amount: 10 },
      ],
      totalBet: 90,
      points: 110,
    });
    const countdown = await watcher.next<RouletteCountdown>(OUT.countdown);
    expect(countdown).toEqual({
      roundId: before.roundId,
      bettingEndsAt: new Date(clockAt + ROULETTE_LIMITS.bettingMs).toISOString(),
      seconds: 30,
    });
    const bBets: RouletteBet[] = [{ type: "even-odd", value: "odd", amount: 100 }];
    await bet(b, bBets);
    // The confirmation goes to the bettor only.
    expect(watcher.received.some((r) => r.event === OUT.betsConfirmed)).toBe(false);
    expect(b.received.filter((r) => r.event === OUT.betsConfirmed)).toHaveLength(1);
    // The players' update is coalesced: both players in one.
    const players = await watcher.next<RoulettePlayersUpdate>(
      OUT.playersUpdate,
      (p) => p.players.length === 2,
    );
    expect(players.players.map((p) => [p.username, p.totalBet])).toEqual([
      [b.member.user.username, 100],
      [a.member.user.username, 90],
    ]);
    expect(await pointsOf(b)).toBe(0);
    // Only one countdown for the round.
    expect(watcher.received.filter((r) => r.event === OUT.countdown)).toHaveLength(1);

    advance(ROULETTE_LIMITS.bettingMs - 1);
    await sweep();
    expect(watcher.received.some((r) => r.event === OUT.spin)).toBe(false);
    advance(1);
    await sweep();
    const spin = await watcher.next<RouletteSpin>(OUT.spin);
    expect(spin.resultAt).toBe(new Date(clockAt + ROULETTE_LIMITS.spinMs).toISOString());
    const midSpin = await spectate(watcher);
    expect(midSpin).toMatchObject({ status: "spinning", number: spin.number, seed: null });

    advance(ROULETTE_LIMITS.spinMs);
    await sweep();
    const result = await watcher.next<RouletteResult>(OUT.result);
    expect(result.number).toBe(spin.number);
    expect(result.seedHash).toBe(before.seedHash);
    expect(await verifies(result)).toBe(true);
    expect(result.resetAt).toBe(new Date(clockAt + ROULETTE_LIMITS.resetMs).toISOString());
    const aBack = paidBack(confirmed.bets, result.number);
    const bBack = paidBack(bBets, result.number);
    const wins: Record<string, number> = {};
    if (aBack) wins[a.member.user.id] = aBack;
    if (bBack) wins[b.member.user.id] = bBack;
    expect(result.winAmounts).toEqual(wins);
    expect(await pointsOf(a)).toBe(110 + aBack);
    expect(await pointsOf(b)).toBe(bBack);

    const nets = await roundNets(room.t.ctx, result.roundId);
    expect(nets.players.get(a.member.user.id)).toBe(aBack - 90);
    expect(nets.players.get(b.member.user.id)).toBe(bBack - 100);
    expect(nets.houseNet).toBe(190 - aBack - bBack);
    expect(nets.rows.filter((r) => r.reason === ROULETTE_REASONS.stake)).toHaveLength(2);

    const history = await watcher.next<RouletteHistoryUpdate>(OUT.historyUpdate);
    expect(history.history[0]).toMatchObject({
      roundId: result.roundId,
      number: result.number,
      seed: result.seed,
      seedHash: result.seedHash,
    });

    advance(ROULETTE_LIMITS.resetMs);
    await sweep();
    const fresh = await watcher.next<RouletteState>(OUT.state, (s) => s.roundId !== result.roundId);
    expect(fresh).toMatchObject({ status: "waiting", players: [], number: null, seed: null });
    expect(fresh.seedHash).not.toBe(result.seedHash);
    expect(fresh.history[0]?.roundId).toBe(result.roundId);
    // Sweeping again moves nothing twice.
    await sweep();
    expect((await roundNets(room.t.ctx, result.roundId)).rows).toHaveLength(nets.rows.length);
  });

  it("a member back in the room sees their bets (joined) and the round's players", async () => {
    const a = await member(50);
    await bet(a, [{ type: "range", value: "19-36", amount: 25 }]);
    const state = await spectate(a);
    expect(state.status).toBe("betting");
    expect(state.yourBets).toEqual([{ type: "range", value: "19-36", amount: 25 }]);
    expect(state.players.map((p) => p.userId)).toEqual([a.member.user.id]);
  });
});

describe("refusals", () => {
  it("'Insufficient points!' for a total above the member's points; nothing taken", async () => {
    const a = await member(40);
    a.socket.emit(IN.placeBets, {
      bets: [
        { type: "color", value: "black", amount: 25 },
        { type: "column", value: 1, amount: 25 },
      ],
    });
    expect(await refusal(a)).toBe(ROULETTE_MESSAGES.insufficientPoints);
    expect(await pointsOf(a)).toBe(40);
    const state = await spectate(a);
    expect(state).toMatchObject({ status: "waiting", players: [], yourBets: [] });
  });

  it("a member who has joined cannot bet again in the round", async () => {
    const a = await member(100);
    await bet(a, [{ type: "number", value: 0, amount: 5 }]);
    a.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 1, amount: 5 }] });
    expect(await refusal(a)).toBe(ROULETTE_MESSAGES.alreadyJoined);
    expect(await pointsOf(a)).toBe(95);
  });

  it("bets after betting closed (before and after the spin) are refused", async () => {
    const a = await member(100);
    const b = await member(100);
    await bet(a, [{ type: "number", value: 3, amount: 5 }]);
    advance(ROULETTE_LIMITS.bettingMs);
    b.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 3, amount: 5 }] });
    expect(await refusal(b)).toBe(ROULETTE_MESSAGES.bettingClosed);
    await sweep();
    await b.next(OUT.spin);
    b.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 3, amount: 5 }] });
    expect(await refusal(b)).toBe(ROULETTE_MESSAGES.bettingClosed);
    expect(await pointsOf(b)).toBe(100);
  });

  it("bad payloads get chat-error with the contract's message", async () => {
    const a = await member(100);
    a.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 40, amount: 5 }] });
    expect((await a.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      ROULETTE_MESSAGES.betInvalid,
    );
    a.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 4, amount: 12 }] });
    expect((await a.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      ROULETTE_MESSAGES.amountInvalid,
    );
    a.socket.emit(IN.placeBets, { bets: [] });
    expect((await a.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      ROULETTE_MESSAGES.betsRequired,
    );
    expect(await pointsOf(a)).toBe(100);
  });

  it("closed while points are frozen (from the 25th, station time)", async () => {
    const a = await member(100);
    const saved = clockAt;
    room.t.ctx.clock = fixedClock(new Date("2026-07-25T12:00:00Z").getTime());
    a.socket.emit(IN.placeBets, { bets: [{ type: "number", value: 4, amount: 5 }] });
    expect(await refusal(a)).toBe(ROULETTE_MESSAGES.closed);
    setClock(saved);
    expect(await pointsOf(a)).toBe(100);
  });
});

describe("Roulette: a settlement that runs late refunds every stake; merged bets pass the cap", () => {
  it("a result 22 s late (the server paused after the spin) settles by the announced number and reveals the seed", async () => {
    const a = await member(100);
    const b = await member(100);
    const watcher = await member(0);
    const aBets: RouletteBet[] = [{ type: "color", value: "red", amount: 50 }];
    const bBets: RouletteBet[] = [{ type: "color", value: "black", amount: 30 }];
    const confirmed = await bet(a, aBets);
    await bet(b, bBets);
    advance(ROULETTE_LIMITS.bettingMs);
    await sweep();
    const spun = await watcher.next<RouletteSpin>(OUT.spin);
    // The server pauses: the settlement runs 22 s after its time.
    advance(ROULETTE_LIMITS.spinMs + 22_000);
    await Promise.all([sweep(), sweep()]);
    const result = await watcher.next<RouletteResult>(OUT.result);
    expect(result).toMatchObject({ roundId: confirmed.roundId, number: spun.number });
    expect(await verifies(result)).toBe(true);
    const nets = await roundNets(room.t.ctx, confirmed.roundId);
    expect(nets.round?.status).toBe("finished");
    expect(nets.rows.filter((r) => r.reason === ROULETTE_REASONS.refund)).toEqual([]);
    expect(await pointsOf(a)).toBe(50 + paidBack(aBets, spun.number));
    expect(await pointsOf(b)).toBe(70 + paidBack(bBets, spun.number));
    let players = 0;
    for (const n of nets.players.values()) players += n;
    expect((nets.houseNet ?? Number.NaN) + players).toBe(0);
    // The history holds the round with its seed (the verify view checks it).
    const history = await watcher.next<RouletteHistoryUpdate>(OUT.historyUpdate);
    expect(history.history[0]).toMatchObject({ roundId: confirmed.roundId, seed: result.seed });
  });

  it("a round found late in betting (every instance down) spins and settles by its seed's number, once", async () => {
    const a = await member(100);
    const watcher = await member(0);
    const aBets: RouletteBet[] = [{ type: "number", value: 7, amount: 50 }];
    const confirmed = await bet(a, aBets);
    advance(ROULETTE_LIMITS.bettingMs + 60_000);
    await Promise.all([sweep(), sweep()]);
    const spun = await watcher.next<RouletteSpin>(OUT.spin);
    advance(ROULETTE_LIMITS.spinMs);
    await Promise.all([sweep(), sweep()]);
    const result = await watcher.next<RouletteResult>(OUT.result);
    expect(result.number).toBe(spun.number);
    expect(await verifies(result)).toBe(true);
    expect(await pointsOf(a)).toBe(50 + paidBack(aBets, spun.number));
    const nets = await roundNets(room.t.ctx, confirmed.roundId);
    expect(nets.rows.filter((r) => r.reason === ROULETTE_REASONS.refund)).toEqual([]);
    expect(watcher.received.filter((r) => r.event === OUT.result)).toHaveLength(1);
  });

  it("two bets of 1,000,000 on red are one of 2,000,000: refused, nothing taken", async () => {
    const a = await member(3_000_000);
    const max = ROULETTE_LIMITS.maxBetAmount;
    a.socket.emit(IN.placeBets, {
      bets: [
        { type: "color", value: "red", amount: max },
        { type: "color", value: "red", amount: max },
      ],
    });
    expect((await a.next<ChatErrorEvent>(CHAT_OUT.error)).message).toBe(
      ROULETTE_MESSAGES.spotTooLarge,
    );
    expect(await pointsOf(a)).toBe(3_000_000);
    // Split over two positions, the same amounts are fine.
    const confirmed = await bet(a, [
      { type: "color", value: "red", amount: max },
      { type: "even-odd", value: "odd", amount: max },
    ]);
    expect(confirmed.totalBet).toBe(2 * max);
  });

  it("the house total cannot overflow: a round's stakes are held to maxRoundStake", async () => {
    const max = ROULETTE_LIMITS.maxBetAmount;
    const everywhere: RouletteBet[] = [
      ...Array.from({ length: 37 }, (_, n) => ({ type: "number" as const, value: n, amount: max })),
      ...[1, 2, 3].flatMap((n) => [
        { type: "column" as const, value: n, amount: max },
        { type: "dozen" as const, value: n, amount: max },
      ]),
      { type: "range", value: "1-18", amount: max },
      { type: "range", value: "19-36", amount: max },
      { type: "even-odd", value: "even", amount: max },
      { type: "even-odd", value: "odd", amount: max },
      { type: "color", value: "red", amount: max },
      { type: "color", value: "black", amount: max },
    ];
    const total = everywhere.length * max;
    const a = await member(total);
    const b = await member(total);
    const watcher = await member(0);
    const confirmed = await bet(a, everywhere);
    b.socket.emit(IN.placeBets, { bets: everywhere });
    expect(await refusal(b)).toBe(ROULETTE_MESSAGES.tableFull);
    expect(await pointsOf(b)).toBe(total);
    advance(ROULETTE_LIMITS.bettingMs);
    await sweep();
    advance(ROULETTE_LIMITS.spinMs);
    await sweep();
    const result = await watcher.next<RouletteResult>(OUT.result);
    const nets = await roundNets(room.t.ctx, confirmed.roundId);
    expect(nets.houseNet).toBe(total - paidBack(everywhere, result.number));
    expect(await pointsOf(a)).toBe(paidBack(everywhere, result.number));
  });
});

describe("deleting an account", () => {
  it("a player deleted mid-round: the room's players drop them; the round settles, its nets sum to zero", async () => {
    const a = await member(100);
    const b = await member(100);
    const watcher = await member(0);
    const confirmed = await bet(a, [{ type: "color", value: "red", amount: 20 }]);
    await bet(b, [{ type: "color", value: "black", amount: 20 }]);
    const ofRound = (p: RoulettePlayersUpdate) => p.roundId === confirmed.roundId;
    await watcher.next<RoulettePlayersUpdate>(
      OUT.playersUpdate,
      (p) => ofRound(p) && p.players.length === 2,
    );
    const admin = await signInMember(room.t, buildAdmin);
    const res = await admin.agent.post(ADMIN_API.userDelete(a.member.user.id));
    expect(res.statusCode).toBe(200);
    // (An update of this round from before b's bet, listing a alone, may still be unread, and
    // one of an earlier test's round: wait for this round's without a.)
    const update = await watcher.next<RoulettePlayersUpdate>(
      OUT.playersUpdate,
      (p) => ofRound(p) && p.players.length === 1 && p.players[0]?.userId !== a.member.user.id,
    );
    expect(update.players.map((p) => p.userId)).toEqual([b.member.user.id]);

    advance(ROULETTE_LIMITS.bettingMs);
    await sweep();
    advance(ROULETTE_LIMITS.spinMs);
    await sweep();
    const result = await watcher.next<RouletteResult>(OUT.result);
    const nets = await roundNets(room.t.ctx, confirmed.roundId);
    expect([...nets.players.keys()]).toEqual([b.member.user.id]);
    expect((nets.houseNet ?? Number.NaN) + (nets.players.get(b.member.user.id) ?? 0)).toBe(0);
    expect(Object.keys(result.winAmounts)).not.toContain(a.member.user.id);
  });
});
