import {
  BATTLESHIPS_CLIENT_EVENTS as BS_IN,
  BATTLESHIPS_SERVER_EVENTS as BS_OUT,
  COINFLIP_CLIENT_EVENTS as CF_IN,
  COINFLIP_SERVER_EVENTS as CF_OUT,
  CHAT_CLIENT_EVENTS as CHAT_IN,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatMessageView,
  ROULETTE_CLIENT_EVENTS as R_IN,
  ROULETTE_SERVER_EVENTS as R_OUT,
  RATE_LIMIT_MESSAGES,
  type RouletteState,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { gameTime, memberWithPoints, pointsOf } from "../../../test/games.ts";

/**
 * Abuse limits were missing for chat likes and the games' socket events (security review, issue
 * 26): each counts against its limit (`chatLikes`, `gameEvents`, lowered here to 3 a minute), and
 * over it the feature answers with its own refusal and the limit's message, changing nothing.
 */

const room = chatRoomFixture({ app: [{ RATE_LIMITS: "chatLikes=3/60,gameEvents=3/60" }] });
const time = gameTime(() => [room.t]);
const member = (points: number) =>
  memberWithPoints(room.t.ctx.db, (m) => room.join(m), points, time.now());

const count = (client: { received: { event: string }[] }, event: string) =>
  client.received.filter((r) => r.event === event).length;

describe("abuse limits are missing: chat likes and game socket events", () => {
  it("chat likes: over the limit, a system line says so and the like changes nothing", async () => {
    const a = await member(0);
    const b = await member(0);
    a.socket.emit(CHAT_IN.message, { message: "like me" });
    const message = await a.next<ChatMessageView>(CHAT_OUT.message, (m) => m.message === "like me");
    for (let i = 0; i < 3; i++) {
      b.socket.emit(CHAT_IN.like, { messageId: message._id });
      await b.next(CHAT_OUT.likeUpdate);
    }
    b.socket.emit(CHAT_IN.like, { messageId: message._id });
    const line = await b.next<{ message: string }>(
      CHAT_OUT.system,
      (s) => s.message === RATE_LIMIT_MESSAGES.chatLikes,
    );
    expect(line).toEqual({ type: "system", message: RATE_LIMIT_MESSAGES.chatLikes });
    // Liked, unliked, liked: the fourth (an unlike) did not count.
    expect(count(b, CHAT_OUT.likeUpdate)).toBe(3);
  });

  it("game events: over the limit, each game answers with its error and the limit's message", async () => {
    const a = await member(100);
    for (let i = 0; i < 3; i++) {
      a.socket.emit(R_IN.joinSpectate);
      await a.next<RouletteState>(R_OUT.state);
    }
    const over = { message: RATE_LIMIT_MESSAGES.gameEvents };
    a.socket.emit(CF_IN.create, { pick: "heads", wager: 10 });
    expect(await a.next(CF_OUT.error)).toEqual(over);
    a.socket.emit(BS_IN.create, { wager: 10 });
    expect(await a.next(BS_OUT.error)).toEqual(over);
    a.socket.emit(R_IN.placeBets, { bets: [{ type: "color", value: "red", amount: 10 }] });
    expect(await a.next(R_OUT.error)).toEqual(over);
    a.socket.emit(R_IN.joinSpectate);
    expect(await a.next(R_OUT.error)).toEqual(over);
    expect(count(a, R_OUT.state)).toBe(3);
    expect(await pointsOf(a)).toBe(100);
  });
});
