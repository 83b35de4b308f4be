import {
  CHAT_PM_CLIENT_EVENTS,
  CHAT_PM_SERVER_EVENTS,
  type ChatPrivateMessage,
  CHAT_SERVER_EVENTS as OUT,
  RATE_LIMIT_MESSAGES,
  RATE_LIMITS,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { countRows } from "../../../test/db.ts";
import { buildBlock } from "../../../test/factories.ts";
import { privateMessages } from "./schema.ts";

/** Private messages typed in the chat room (`chat.ts`): the inbox's conversations, live in the room. */

const room = chatRoomFixture();
const join = () => room.join();

describe("private messages in the room", () => {
  it("stores them in the inbox's conversation and delivers them live to both", async () => {
    const a = await join();
    const b = await join();
    a.socket.emit(CHAT_PM_CLIENT_EVENTS.send, {
      to: b.member.user.id,
      text: "psst <i>hi</i>",
      from: "forged-socket",
      sender: "someone else",
    });
    for (const client of [a, b]) {
      const pm = await client.next<ChatPrivateMessage>(CHAT_PM_SERVER_EVENTS.message);
      expect(pm).toMatchObject({
        type: "private-message",
        sender: a.member.user.username,
        senderId: a.member.user.id,
        to: b.member.user.id,
        text: "psst hi",
      });
    }
    const inbox = await b.agent.get("/api/auth/pm/conversations");
    const [conversation] = inbox.json().conversations;
    expect(conversation.lastMessage.body).toBe("psst hi");
    expect(conversation.unreadCount).toBe(1);
  });

  it("refuses a member who blocks the sender, with the inbox's message", async () => {
    const a = await join();
    const b = await join();
    await buildBlock(room.t.ctx.db, b.member.user, a.member.user);
    a.socket.emit(CHAT_PM_CLIENT_EVENTS.send, { to: b.member.user.id, text: "hello?" });
    const error = await a.next<{ event: string; message: string }>(OUT.error);
    expect(error.event).toBe(CHAT_PM_CLIENT_EVENTS.send);
    expect(error.message.length).toBeGreaterThan(0);
    expect(b.received.some((r) => r.event === CHAT_PM_SERVER_EVENTS.message)).toBe(false);
  });

  it("counts them with the inbox's messages: over the limit the sender is told and nothing is stored", async () => {
    const a = await join();
    const b = await join();
    const { max } = RATE_LIMITS.privateMessages;
    for (let i = 0; i < max; i++) {
      a.socket.emit(CHAT_PM_CLIENT_EVENTS.send, { to: b.member.user.id, text: `note ${i}` });
      await a.next(CHAT_PM_SERVER_EVENTS.message);
    }
    const before = await countRows(room.t.ctx.db, privateMessages);
    a.socket.emit(CHAT_PM_CLIENT_EVENTS.send, { to: b.member.user.id, text: "one too many" });
    expect(await a.next<{ event: string; message: string }>(OUT.error)).toMatchObject({
      event: CHAT_PM_CLIENT_EVENTS.send,
      message: RATE_LIMIT_MESSAGES.privateMessages,
    });
    expect(await countRows(room.t.ctx.db, privateMessages)).toBe(before);
    // The inbox refuses them as well: one limit for both ways in.
    const inbox = await a.agent.post("/api/auth/pm/conversations", { userId: b.member.user.id });
    expect(inbox.statusCode).toBe(429);
  });
});
