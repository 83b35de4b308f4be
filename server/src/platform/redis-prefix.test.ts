import {
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { type ChatClient, chatClient } from "../../test/chat-client.ts";
import { startRedis, type TestRedis } from "../../test/redis.ts";

/**
 * Two stations (each its own database) sharing one Redis with their own REDIS_PREFIX: neither sees
 * the other's chat room, and their keys and live events stay apart.
 */

let redis: TestRedis;
let red: TestApp;
let blue: TestApp;
const open: ChatClient[] = [];

beforeAll(async () => {
  redis = await startRedis();
  red = await createTestApp({ REDIS_URL: redis.url, REDIS_PREFIX: "red:" });
  blue = await createTestApp({ REDIS_URL: redis.url, REDIS_PREFIX: "blue:" });
});
afterAll(async () => {
  for (const c of open) c.close();
  await blue?.close();
  await red?.close();
  await redis?.stop();
});

async function join(t: TestApp) {
  const url = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const client = await chatClient(t, url);
  open.push(client);
  await client.next(OUT.history);
  return client;
}

describe("REDIS_PREFIX", () => {
  it("keeps two stations on one Redis apart: rooms, keys and live events", async () => {
    const onRed = await join(red);
    const onBlue = await join(blue);
    // Each station's room has its own member only.
    expect(await redis.client.zrange("red:chat:presence", "0", "-1")).toEqual([
      onRed.member.user.id,
    ]);
    expect(await redis.client.zrange("blue:chat:presence", "0", "-1")).toEqual([
      onBlue.member.user.id,
    ]);
    expect(await redis.client.keys("airwave:*")).toEqual([]);

    onRed.socket.emit(IN.message, { message: "red only" });
    await onRed.next<ChatMessageView>(OUT.message, (m) => m.message === "red only");
    onBlue.socket.emit(IN.message, { message: "blue only" });
    await onBlue.next<ChatMessageView>(OUT.message, (m) => m.message === "blue only");
    // Blue's member heard blue's message and nothing of red's (which went out first).
    const heard = onBlue.received.filter((r) => r.event === OUT.message);
    expect(heard.map((r) => (r.payload as ChatMessageView).message)).toEqual(["blue only"]);
    // The adapters listen on their own channels.
    const channels = (await redis.client.pubsub("CHANNELS", "*")) as string[];
    expect(channels.some((c) => c.startsWith("red:socket.io"))).toBe(true);
    expect(channels.some((c) => c.startsWith("blue:socket.io"))).toBe(true);
    expect(channels.filter((c) => !/^(red|blue):socket\.io/.test(c))).toEqual([]);
  });
});
