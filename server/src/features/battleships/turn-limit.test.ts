import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_REASONS,
  type BattleshipsGameOverEvent,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { gameRow, refusal, shootAt, startGame, waterOf } from "../../../test/battleships.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { gameTime, ledgerOf, memberWithPoints, pointsOf } from "../../../test/games.ts";
import { BATTLESHIPS_SWEEP_JOB } from "./timers.ts";

/**
 * Battleships had no time limit (security review, issue 26): a player could stall for ever and
 * hold the other's stake. Now each turn has `turnMs` (60 s, from the game's start or the other's
 * shot): a player who lets it pass loses, both players are told, and the other wins both stakes.
 */

const room = chatRoomFixture();
const db = () => room.t.ctx.db;
const time = gameTime(() => [room.t]);
const member = (points: number) => memberWithPoints(db(), (m) => room.join(m), points, time.now());
const sweep = () => room.t.jobs.runOnce(BATTLESHIPS_SWEEP_JOB);

describe("Battleships has no time limit", () => {
  it("a player who does not shoot within 60 s loses: both are told, the other wins both stakes", async () => {
    const a = await member(30);
    const b = await member(30);
    const started = time.ms();
    const { gameId, startA, startB } = await startGame(db(), a, b, 10);
    const turnEndsAt = new Date(started + BATTLESHIPS_LIMITS.turnMs).toISOString();
    // Each player sees when the turn runs out.
    expect(startA).toMatchObject({ yourTurn: true, turnEndsAt });
    expect(startB).toMatchObject({ yourTurn: false, turnEndsAt });

    time.advance(BATTLESHIPS_LIMITS.turnMs - 1);
    await sweep();
    expect((await gameRow(db(), gameId)).state).toBe("active");
    time.advance(1);
    await Promise.all([sweep(), sweep()]);

    const lost = await a.next<BattleshipsGameOverEvent>(OUT.gameOver);
    expect(lost).toMatchObject({
      gameId,
      message: BATTLESHIPS_MESSAGES.turnMissedLose,
      state: {
        status: "finished",
        end: "timeout",
        winnerId: b.member.user.id,
        turnEndsAt: null,
        result: { outcome: "lose", pointsBefore: 30, pointsAfter: 20 },
      },
    });
    const won = await b.next<BattleshipsGameOverEvent>(OUT.gameOver);
    expect(won).toMatchObject({
      gameId,
      message: BATTLESHIPS_MESSAGES.turnMissedWin,
      state: { end: "timeout", result: { outcome: "win", pointsBefore: 30, pointsAfter: 40 } },
    });
    expect(await pointsOf(a)).toBe(20);
    expect(await pointsOf(b)).toBe(40);
    const ledger = await ledgerOf(db(), gameId);
    expect(ledger.filter((r) => r.reason === BATTLESHIPS_REASONS.win)).toEqual([
      { userId: b.member.user.id, delta: 20, reason: BATTLESHIPS_REASONS.win },
    ]);
    // The late shot is refused; the game is over once.
    a.socket.emit("battleships-shoot", { gameId, row: 0, col: 0 });
    expect(await refusal(a)).toBe(BATTLESHIPS_MESSAGES.gameOver);
    expect(a.received.filter((r) => r.event === OUT.gameOver)).toHaveLength(1);
  });

  it("each shot starts the other's 60 s; a shot after its turn ran out is refused", async () => {
    const a = await member(30);
    const b = await member(30);
    const { gameId, fleetA, fleetB } = await startGame(db(), a, b, 10);
    time.advance(50_000);
    const [w] = waterOf(fleetB) as [[number, number]];
    const shot = await shootAt(a, gameId, w[0], w[1]);
    expect(shot.state.turnEndsAt).toBe(
      new Date(time.ms() + BATTLESHIPS_LIMITS.turnMs).toISOString(),
    );
    // 100 s after the start, but 50 s into b's turn: still on.
    time.advance(50_000);
    await sweep();
    expect((await gameRow(db(), gameId)).state).toBe("active");
    time.advance(10_000);
    // b's turn ran out before any sweep: their shot is refused, and the sweep ends the game.
    const [m] = waterOf(fleetA) as [[number, number]];
    b.socket.emit("battleships-shoot", { gameId, row: m[0], col: m[1] });
    expect(await refusal(b)).toBe(BATTLESHIPS_MESSAGES.gameOver);
    await sweep();
    expect(await b.next<BattleshipsGameOverEvent>(OUT.gameOver)).toMatchObject({
      message: BATTLESHIPS_MESSAGES.turnMissedLose,
      state: { winnerId: a.member.user.id, end: "timeout" },
    });
    expect(await pointsOf(a)).toBe(40);
  });
});
