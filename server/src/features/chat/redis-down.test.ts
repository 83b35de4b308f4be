import { setTimeout as sleep } from "node:timers/promises";
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessageView,
  type ChatUser,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  PLATFORM_ROUTES,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { ChatClient } from "../../../test/chat-client.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { REDIS_COMMAND_TIMEOUT_MS } from "../../platform/redis.ts";
import { chatMessages } from "./schema.ts";

/**
 * Two app instances sharing one database and one Redis (REDIS_URL), and Redis stopped under them for
 * 10 s:
 * HTTP goes on, chat events are refused with a clear message instead of waiting, and once Redis is
 * back (restarted empty on the same port) the room works again without anyone reconnecting.
 */

const instances = twoInstancesFixture();
const { join } = instances;

const isText = (text: string) => (m: ChatMessageView) => m.message === text;

/** Sends `text` from `from` until `to` receives it (each try answered or silent within 1.5 s). */
async function sendUntilReceived(from: ChatClient, to: ChatClient, text: string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const message = `${text} (${attempt})`;
    from.socket.emit(IN.message, { message });
    try {
      return await to.next<ChatMessageView>(OUT.message, isText(message), 1_500);
    } catch {
      // Not yet: Redis is still coming back.
    }
  }
  throw new Error(`"${text}" did not reach the room within ${withinMs} ms`);
}

describe("Redis stopped under two instances", () => {
  it("keeps HTTP answering, refuses chat events at once, and the room works again when Redis is back", async () => {
    const { one, two, redis } = instances;
    const a = await join(one);
    const b = await join(two);
    a.socket.emit(IN.message, { message: "before" });
    await b.next<ChatMessageView>(OUT.message, isText("before"));

    await redis.pause();
    const pausedAt = Date.now();

    // HTTP: sessions and the rest are in PostgreSQL. The instances are live but not ready, naming Redis.
    for (const t of [one, two]) {
      expect(
        (await t.app.inject({ method: "GET", url: PLATFORM_ROUTES.healthLive.path })).statusCode,
      ).toBe(200);
      const ready = await t.app.inject({ method: "GET", url: PLATFORM_ROUTES.healthReady.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        checks: { redis: "down", database: "up" },
        failed: ["redis"],
      });
    }
    expect((await a.agent.get("/api/auth/userdata")).statusCode).toBe(200);
    expect((await b.agent.get("/api/auth/userdata")).statusCode).toBe(200);

    // A chat message is refused within a couple of seconds, with the contracts' text.
    const sent = Date.now();
    a.socket.emit(IN.message, { message: "while down" });
    const refused = await a.next<{ event: string; message: string }>(OUT.error, undefined, 4_000);
    expect(refused).toEqual({ event: IN.message, message: CHAT_MESSAGES.unavailable });
    expect(Date.now() - sent).toBeLessThan(4_000);
    b.socket.emit(IN.message, { message: "while down too" });
    expect(await b.next<{ message: string }>(OUT.error, undefined, 4_000)).toEqual({
      event: IN.message,
      message: CHAT_MESSAGES.unavailable,
    });

    // A member arriving meanwhile is told, and their connection closed for their client to retry.
    const late = await instances.connect(one);
    const closed = new Promise((resolve) => late.socket.once("disconnect", resolve));
    expect(await late.next(OUT.error, undefined, 4_000)).toEqual({
      event: "connection",
      message: CHAT_MESSAGES.unavailable,
    });
    expect(await closed).toBe("transport close");

    // Both members stayed connected; nothing was stored while Redis was down.
    expect(a.socket.connected && b.socket.connected).toBe(true);
    expect((await one.ctx.db.select().from(chatMessages)).map((m) => m.message).sort()).toEqual([
      "before",
    ]);

    // Down for 10 s in all (the acceptance's outage): HTTP still answers, members still connected.
    await sleep(Math.max(0, 10_000 - (Date.now() - pausedAt)));
    for (const t of [one, two]) {
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
    expect(a.socket.connected && b.socket.connected).toBe(true);

    // Redis back (empty) on the same port: messages cross the instances again, both ways.
    await redis.restart();
    await sendUntilReceived(a, b, "after, from one", 10_000);
    await sendUntilReceived(b, a, "after, from two", 5_000);
    for (const t of [one, two]) {
      const ready = await t.app.inject({ method: "GET", url: PLATFORM_ROUTES.healthReady.path });
      expect(ready.json()).toMatchObject({ ok: true, checks: { redis: "up" } });
    }
    // And a member joining now is admitted.
    const later = await join(two);
    a.socket.emit(IN.message, { message: "welcome back" });
    await later.next<ChatMessageView>(OUT.message, isText("welcome back"));
  }, 40_000);
});

describe("a member leaving while Redis is down", () => {
  it("is gone from the other members' user lists once Redis is back", async () => {
    const { one, two, redis } = instances;
    const a = await join(one);
    const b = await join(two);
    const c = await join(two);
    const ids = (users: ChatUser[]) => users.map((u) => u._id).sort();
    expect(ids((await c.next<{ users: ChatUser[] }>(OUT.users)).users)).toEqual(
      [a, b, c].map((m) => m.member.user.id).sort(),
    );
    await a.next(OUT.users); // A's own list at joining: the next one is what this test is about.
    await a.next<{ user: ChatUser }>(OUT.userConnected, (p) => p.user._id === c.member.user.id);

    await redis.pause();
    c.close();
    // Long enough for C's goodbye on instance two to fail (Redis refused, or no answer in time).
    await sleep(REDIS_COMMAND_TIMEOUT_MS + 500);
    await redis.restart();

    // Once both instances wrote their members' presence again, A is sent the whole list: no C.
    const list = await a.next<{ users: ChatUser[] }>(
      OUT.users,
      undefined,
      CHAT_LIMITS.presenceRestoredListAfterMs + 5_000,
    );
    expect(ids(list.users)).toEqual([a, b].map((m) => m.member.user.id).sort());
  }, 30_000);
});
