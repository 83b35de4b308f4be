import {
  CHAT_MESSAGES,
  CHAT_SERVER_EVENTS,
  TRACK_ID_CLIENT_EVENTS,
  TRACK_ID_SERVER_EVENTS,
} from "@airwave/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type ChatClient, chatClient } from "../../../test/chat-client.ts";

/** Track id asked in the chat room (`chat.ts`). */

let t: TestApp;
let baseUrl: string;
const open: ChatClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await t.close();
});

async function join() {
  const client = await chatClient(t, baseUrl);
  open.push(client);
  await client.next(CHAT_SERVER_EVENTS.history);
  return client;
}

describe("track id", () => {
  it("says clearly that no station is configured, and locks repeated requests", async () => {
    const a = await join();
    a.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
    expect(await a.next<{ message: string }>(TRACK_ID_SERVER_EVENTS.error)).toEqual({
      message: CHAT_MESSAGES.trackIdNotConfigured,
    });
    a.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
    expect(await a.next<{ message: string }>(TRACK_ID_SERVER_EVENTS.error)).toEqual({
      message: CHAT_MESSAGES.trackIdUnavailable,
    });
  });
});
