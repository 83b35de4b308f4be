import {
  ADMIN_API,
  BATTLESHIPS_FLEET_CELLS,
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_REASONS,
  BATTLESHIPS_UI_TEXTS,
  type BattleshipsOffer,
  type BattleshipsOpponentDisconnectEvent,
  type BattleshipsState,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatMessageView,
  BATTLESHIPS_CLIENT_EVENTS as IN,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cellsOf,
  gameRow,
  offer,
  playToEnd,
  refusal,
  shootAt,
  startGame,
  waterOf,
} from "../../../test/battleships.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { gameTime, ledgerOf, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { signInMember } from "../../../test/members.ts";
import { battleshipsShots, type StoredShip } from "./schema.ts";
import { BATTLESHIPS_SWEEP_JOB } from "./timers.ts";

/**
 * Battleships on the server (issue 17), as members in the room see it: offers, the rules of a shot
 * (table-driven), a whole game and its ledger, what each player is told (never the opponent's
 * unshot ship cells), the disconnect rule and the expiry refund.
 */

const room = chatRoomFixture();
const db = () => room.t.ctx.db;

const time = gameTime(() => [room.t]);

/** A member with `points` this month, in the room. */
const member = (points: number) => memberWithPoints(db(), (m) => room.join(m), points, time.now());

const sweep = () => room.t.jobs.runOnce(BATTLESHIPS_SWEEP_JOB);

/** The game's row and shots as stored (what "nothing changed" compares). */
async function snapshot(gameId: string) {
  const shots = await db()
    .select()
    .from(battleshipsShots)
    .where(eq(battleshipsShots.gameId, gameId));
  return { game: await gameRow(db(), gameId), shots: shots.length };
}

/** Waits until the server has recorded the member away in the game (their leave ran). */
async function awayRecorded(gameId: string, userId: string) {
  for (let i = 0; i < 100; i++) {
    const g = await gameRow(db(), gameId);
    const away = g.initiatorId === userId ? g.initiatorAwaySince : g.opponentAwaySince;
    if (away) return away;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("leave not recorded");
}

describe("offers", () => {
  it("takes the stake with the offer, posts its chat message and tells the room; refusals use the catalogue", async () => {
    const a = await member(30);
    const watcher = await member(0);
    const open = await offer(a, 12, watcher);
    expect(open).toMatchObject({
      state: "open",
      initiator: { id: a.member.user.id, username: a.member.user.username },
      opponent: null,
      wager: 12,
      expiresAt: new Date(time.ms() + BATTLESHIPS_LIMITS.offerExpiryMs).toISOString(),
    });
    const message = await watcher.next<ChatMessageView>(
      CHAT_OUT.message,
      (m) => m._id === open.gameId,
    );
    expect(message).toMatchObject({
      type: "battleships",
      message: BATTLESHIPS_UI_TEXTS.offerBy(a.member.user.username, 12),
    });
    expect(await pointsOf(a)).toBe(18);
    expect(await ledgerOf(db(), open.gameId)).toEqual([
      { userId: a.member.user.id, delta: -12, reason: BATTLESHIPS_REASONS.stake },
    ]);

    a.socket.emit(IN.create, { wager: 5 });
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.alreadyActive);
    a.socket.emit(IN.accept, { gameId: open.gameId });
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.ownOffer);
    const poor = await member(4);
    poor.socket.emit(IN.create, { wager: 5 });
    expect(await refusal(poor)).toBe(BATTLESHIPS_MESSAGES.needMinimum);
    poor.socket.emit(IN.accept, { gameId: open.gameId });
    expect(await refusal(poor)).toBe(BATTLESHIPS_MESSAGES.needToAccept(12));
    const c = await member(10);
    c.socket.emit(IN.create, { wager: 11 });
    expect(await refusal(c)).toBe(BATTLESHIPS_MESSAGES.wagerAboveBalance(10));
    expect(await pointsOf(c)).toBe(10);
  });

  it("is closed while points are frozen (the 25th to the 1st)", async () => {
    const a = await member(30);
    time.set("2026-07-26T12:00:00Z");
    a.socket.emit(IN.create, { wager: 5 });
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.closed);
  });

  it("an offer not accepted in 60 s expires once and its stake comes back", async () => {
    const a = await member(20);
    const watcher = await member(0);
    const open = await offer(a, 10, watcher);
    time.advance(BATTLESHIPS_LIMITS.offerExpiryMs - 1);
    await sweep();
    expect(await pointsOf(a)).toBe(10);
    time.advance(1);
    await Promise.all([sweep(), sweep()]);
    await watcher.next(OUT.timeout, (t: { gameId: string }) => t.gameId === open.gameId);
    expect(
      watcher.received.filter(
        (r) => r.event === OUT.timeout && (r.payload as { gameId: string }).gameId === open.gameId,
      ),
    ).toHaveLength(1);
    expect(await pointsOf(a)).toBe(20);
    expect(await ledgerOf(db(), open.gameId)).toEqual([
      { userId: a.member.user.id, delta: -10, reason: BATTLESHIPS_REASONS.stake },
      { userId: a.member.user.id, delta: 10, reason: BATTLESHIPS_REASONS.refund },
    ]);
    const b = await member(20);
    b.socket.emit(IN.accept, { gameId: open.gameId });
    expect(await refusal(b)).toBe(BATTLESHIPS_MESSAGES.offerGone);
  });

  it("accepting places two fleets at random (8 x 8, 4, 3, 2, 2, 1, no overlap); the initiator shoots first; the room hears only that it was taken", async () => {
    const a = await member(20);
    const b = await member(20);
    const watcher = await member(0);
    const { gameId, startA, startB, fleetA, fleetB } = await startGame(db(), a, b, 10);
    const taken = await watcher.next<BattleshipsOffer>(OUT.accepted, (o) => o.gameId === gameId);
    expect(taken).toMatchObject({ state: "active", opponent: { id: b.member.user.id } });
    expect(watcher.received.some((r) => r.event === OUT.start)).toBe(false);
    for (const fleet of [fleetA, fleetB]) {
      expect(fleet.map((s) => s.length)).toEqual([...BATTLESHIPS_LIMITS.fleet]);
      const cells = cellsOf(fleet).map(([r, c]) => `${r},${c}`);
      expect(new Set(cells).size).toBe(BATTLESHIPS_FLEET_CELLS);
      for (const [r, c] of cellsOf(fleet)) {
        expect(r).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThan(BATTLESHIPS_LIMITS.gridSize);
      }
    }
    expect(startA).toMatchObject({ yourTurn: true, currentTurn: a.member.user.id, wager: 10 });
    expect(startB).toMatchObject({ yourTurn: false, opponent: { id: a.member.user.id } });
    expect(await pointsOf(a)).toBe(10);
    expect(await pointsOf(b)).toBe(10);
  });
});

describe("battleships-shoot: the rules", () => {
  it("refuses each illegal shot with its message and changes nothing", async () => {
    const a = await member(50);
    const b = await member(50);
    const third = await member(50);
    const c = await member(50);
    const d = await member(50);
    const game = await startGame(db(), a, b, 10);
    const other = await startGame(db(), c, d, 10);
    const water = waterOf(game.fleetB);
    const [w0, w1] = water as [[number, number], [number, number]];
    await shootAt(a, game.gameId, w0[0], w0[1]);
    const [bw] = waterOf(game.fleetA) as [[number, number]];
    await shootAt(b, game.gameId, bw[0], bw[1]);
    // An ended game: e and f's, ended by f's absence.
    const e = await member(50);
    const f = await member(50);
    const ended = await startGame(db(), e, f, 10);
    f.close();
    await awayRecorded(ended.gameId, f.member.user.id);
    time.advance(BATTLESHIPS_LIMITS.disconnectMs + 1_000);
    await sweep();
    await e.next(OUT.opponentDisconnect);

    const cases: {
      name: string;
      who: ChatClient;
      payload: unknown;
      gameId: string;
      message: string;
    }[] = [
      {
        name: "out of turn",
        who: b,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: w1[0], col: w1[1] },
        message: BATTLESHIPS_MESSAGES.notYourTurn,
      },
      {
        name: "a repeated cell",
        who: a,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: w0[0], col: w0[1] },
        message: BATTLESHIPS_MESSAGES.cellShot,
      },
      {
        name: "a row below the grid",
        who: a,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: 8, col: 0 },
        message: BATTLESHIPS_MESSAGES.outOfGrid,
      },
      {
        name: "a negative column",
        who: a,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: 0, col: -1 },
        message: BATTLESHIPS_MESSAGES.outOfGrid,
      },
      {
        name: "a cell between cells",
        who: a,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: 1.5, col: 0 },
        message: BATTLESHIPS_MESSAGES.outOfGrid,
      },
      {
        name: "after the game ended",
        who: e,
        gameId: ended.gameId,
        payload: { gameId: ended.gameId, row: 0, col: 0 },
        message: BATTLESHIPS_MESSAGES.gameOver,
      },
      {
        name: "from a third member",
        who: third,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: w1[0], col: w1[1] },
        message: BATTLESHIPS_MESSAGES.notYourGame,
      },
      {
        name: "on a game not theirs (a player of another game)",
        who: a,
        gameId: other.gameId,
        payload: { gameId: other.gameId, row: 0, col: 0 },
        message: BATTLESHIPS_MESSAGES.notYourGame,
      },
      {
        name: "on a game not theirs (in their turn there)",
        who: c,
        gameId: game.gameId,
        payload: { gameId: game.gameId, row: w1[0], col: w1[1] },
        message: BATTLESHIPS_MESSAGES.notYourGame,
      },
      {
        name: "on an unknown game",
        who: a,
        gameId: game.gameId,
        payload: { gameId: "no-such-game", row: 0, col: 0 },
        message: BATTLESHIPS_MESSAGES.notYourGame,
      },
    ];
    for (const row of cases) {
      const before = await snapshot(row.gameId);
      const points = await pointsOf(row.who);
      row.who.socket.emit(IN.shoot, row.payload);
      expect(await refusal(row.who), row.name).toBe(row.message);
      expect(await snapshot(row.gameId), row.name).toEqual(before);
      expect(await pointsOf(row.who), row.name).toBe(points);
    }
    // Nobody got a shot result for any of them.
    const results = [a, b, c, d, e, third].flatMap((x) =>
      x.received.filter((r) => r.event === OUT.shotResult),
    );
    expect(results).toHaveLength(4);
  });

  it("a double click shoots once: the second is out of turn", async () => {
    const a = await member(20);
    const b = await member(20);
    const { gameId, fleetB } = await startGame(db(), a, b, 5);
    const [w0, w1] = waterOf(fleetB) as [[number, number], [number, number]];
    a.socket.emit(IN.shoot, { gameId, row: w0[0], col: w0[1] });
    a.socket.emit(IN.shoot, { gameId, row: w1[0], col: w1[1] });
    await a.next(OUT.shotResult);
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.notYourTurn);
    expect((await snapshot(gameId)).shots).toBe(1);
  });
});

/** Checks a payload a player received never shows a cell of the opponent's fleet they did not shoot. */
function expectNoHiddenCells(
  payload: unknown,
  own: readonly StoredShip[],
  theirs: readonly StoredShip[],
) {
  const state = (payload as { state?: BattleshipsState }).state ?? (payload as BattleshipsState);
  const shot = new Set<string>();
  state.yourShots.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v !== 0) shot.add(`${r},${c}`);
    });
  });
  const hidden = new Set(
    cellsOf(theirs)
      .map(([r, c]) => `${r},${c}`)
      .filter((k) => !shot.has(k)),
  );
  const ownCells = new Set(cellsOf(own).map(([r, c]) => `${r},${c}`));
  // Every cell pair anywhere in the payload: either the player's own, or shot by them.
  const pairs: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) {
      if (v.length === 2 && v.every((n) => typeof n === "number") && key === "cell")
        pairs.push(`${v[0]},${v[1]}`);
      else for (const x of v) walk(x, key === "cells" ? "cell" : key);
    } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(payload, "");
  for (const p of pairs)
    expect(hidden.has(p) && !ownCells.has(p), `cell ${p} revealed`).toBe(false);
  // The player's grid shows their own fleet only.
  state.yourGrid.forEach((row, r) => {
    row.forEach((v, c) => {
      expect(v !== 0, `grid ${r},${c}`).toBe(ownCells.has(`${r},${c}`));
    });
  });
  for (const ship of state.opponentShips) if (!ship.sunk) expect(ship.cells).toEqual([]);
  expect(JSON.stringify(payload)).not.toMatch(/fleet/i);
}

describe("a whole game", () => {
  it("two players to the end: the right winner, the ledger moves exactly 2 x wager, nobody sees hidden ships", async () => {
    const a = await member(40);
    const b = await member(40);
    const watcher = await member(0);
    const { gameId, fleetA, fleetB } = await startGame(db(), a, b, 15);
    const { won: last, lost } = await playToEnd(gameId, a, b, a, fleetA, fleetB);
    expect(last.state).toMatchObject({
      status: "finished",
      winnerId: a.member.user.id,
      end: "sunk",
      yourTurn: false,
      result: { outcome: "win", wager: 15, pointsBefore: 40, pointsAfter: 55 },
    });
    expect(last.sunk).not.toBeNull();
    expect(lost.state.result).toEqual({
      wager: 15,
      outcome: "lose",
      pointsBefore: 40,
      pointsAfter: 25,
    });
    expect(lost.state.yourShips.every((s) => s.sunk)).toBe(true);
    expect(await pointsOf(a)).toBe(55);
    expect(await pointsOf(b)).toBe(25);
    const ledger = await ledgerOf(db(), gameId);
    expect(ledger.filter((r) => r.reason === BATTLESHIPS_REASONS.win)).toEqual([
      { userId: a.member.user.id, delta: 30, reason: BATTLESHIPS_REASONS.win },
    ]);
    expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(0);
    // After the end: refused, nothing moves.
    a.socket.emit(IN.shoot, { gameId, row: 0, col: 0 });
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.gameOver);

    // Every battleships payload of the whole game, for each player.
    for (const [client, own, theirs] of [
      [a, fleetA, fleetB],
      [b, fleetB, fleetA],
    ] as const) {
      const payloads = client.received.filter(
        (r) =>
          r.event === OUT.start || r.event === OUT.shotResult || r.event === OUT.opponentDisconnect,
      );
      expect(payloads.length).toBeGreaterThan(BATTLESHIPS_FLEET_CELLS);
      for (const p of payloads) expectNoHiddenCells(p.payload, own, theirs);
    }
    // The room heard only the offer and its taking: no move of the game.
    expect(
      watcher.received
        .filter(
          (r) => r.event.startsWith("battleships-") && JSON.stringify(r.payload).includes(gameId),
        )
        .map((r) => r.event),
    ).toEqual([OUT.offer, OUT.accepted]);
    expect(
      watcher.received.some((r) => [OUT.start, OUT.shotResult].includes(r.event as never)),
    ).toBe(false);
  });
});

describe("the disconnect rule", () => {
  it("a player away for 31 s loses: the other gets battleships-opponent-disconnect and both stakes", async () => {
    const a = await member(30);
    const b = await member(30);
    const { gameId } = await startGame(db(), a, b, 10);
    b.close();
    await awayRecorded(gameId, b.member.user.id);
    time.advance(BATTLESHIPS_LIMITS.disconnectMs);
    await sweep();
    expect((await gameRow(db(), gameId)).state).toBe("active");
    time.advance(1_000);
    await Promise.all([sweep(), sweep()]);
    const told = await a.next<BattleshipsOpponentDisconnectEvent>(OUT.opponentDisconnect);
    expect(told).toMatchObject({
      gameId,
      message: BATTLESHIPS_MESSAGES.opponentDisconnected,
      state: {
        status: "finished",
        winnerId: a.member.user.id,
        end: "disconnect",
        result: { outcome: "win", pointsAfter: 40 },
      },
    });
    expect(await pointsOf(a)).toBe(40);
    const ledger = await ledgerOf(db(), gameId);
    expect(ledger.filter((r) => r.reason === BATTLESHIPS_REASONS.win).map((r) => r.delta)).toEqual([
      20,
    ]);
  });

  it("a player back after 10 s continues: their view is sent again and the game goes on", async () => {
    const a = await member(30);
    const b = await member(30);
    const { gameId, fleetA, fleetB } = await startGame(db(), a, b, 10);
    const [hit] = cellsOf(fleetB) as [[number, number]];
    await shootAt(a, gameId, hit[0], hit[1]);
    const [miss] = waterOf(fleetA) as [[number, number]];
    await shootAt(b, gameId, miss[0], miss[1]);
    b.close();
    await awayRecorded(gameId, b.member.user.id);
    time.advance(10_000);
    await sweep();
    const back = await room.join(b.member);
    const view = await back.next<BattleshipsState>(OUT.start, (s) => s.gameId === gameId);
    expect(view).toMatchObject({
      status: "active",
      yourTurn: false,
      currentTurn: a.member.user.id,
    });
    expect(view.opponentShots[hit[0]]?.[hit[1]]).toBe(2);
    expect(view.yourShots[miss[0]]?.[miss[1]]).toBe(1);
    expect(view.yourShips.reduce((s, x) => s + x.hits, 0)).toBe(1);
    expectNoHiddenCells(view, fleetB, fleetA);
    const row = await gameRow(db(), gameId);
    expect(row.opponentAwaySince ?? row.initiatorAwaySince).toBeNull();
    // Past the 30 s (and within the turn's 60 s), the game is still on, and goes on.
    time.advance(BATTLESHIPS_LIMITS.disconnectMs + 1_000);
    await sweep();
    expect(a.received.some((r) => r.event === OUT.opponentDisconnect)).toBe(false);
    const [w] = waterOf(fleetB).slice(-1) as [[number, number]];
    await shootAt(a, gameId, w[0], w[1]);
    const [m2] = waterOf(fleetA).slice(-1) as [[number, number]];
    const next = await shootAt(back, gameId, m2[0], m2[1]);
    expect(next.state.status).toBe("active");
  });
});

describe("deleting an account", () => {
  it("a player of a game in play deleted: the other gets their stake back and is told", async () => {
    const a = await member(20);
    const b = await member(20);
    const { gameId } = await startGame(db(), a, b, 10);
    expect(await pointsOf(b)).toBe(10);
    const admin = await signInMember(room.t, buildAdmin);
    const res = await admin.agent.post(ADMIN_API.userDelete(a.member.user.id));
    expect(res.statusCode).toBe(200);
    const told = await b.next<BattleshipsOpponentDisconnectEvent>(OUT.opponentDisconnect);
    expect(told).toMatchObject({
      gameId,
      message: BATTLESHIPS_MESSAGES.cancelled,
      state: { status: "finished", end: "cancelled", winnerId: null },
    });
    expect(await pointsOf(b)).toBe(20);
    expect(await ledgerOf(db(), gameId)).toEqual([
      { userId: b.member.user.id, delta: -10, reason: BATTLESHIPS_REASONS.stake },
      { userId: b.member.user.id, delta: 10, reason: BATTLESHIPS_REASONS.refund },
    ]);
  });
});
