import {
  type ConversationView,
  type MessagesAnswer,
  type NotificationView,
  type PmMessageEvent,
  PRIVATE_MESSAGE_MESSAGES,
  USER_EVENTS,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildConversation } from "../../../test/factories/messages.ts";
import { buildBlock } from "../../../test/factories.ts";
import { type SignedInMember, signInMember } from "../../../test/members.ts";
import { memberSocket } from "../../../test/sockets.ts";
import { conversations } from "./schema.ts";

/**
 * Blocks in group conversations (issue 26, HIGH "Group conversations get around blocks"), and
 * leaving a group. The rule: no conversation starts with two members who block one another; in a
 * group that already holds such a pair, a message is stored and reaches the others, and the member
 * on the other side of the block never hears it — not in their messages, last message, unread
 * counts, notifications, live events, nor by the conversation coming back from their archive.
 */

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const CONVERSATIONS = "/api/auth/pm/conversations";
const messagesUrl = (id: string) => `${CONVERSATIONS}/${id}/messages`;
const member = () => signInMember(t);
const socketOf = (m: SignedInMember) =>
  memberSocket(baseUrl, `aw_sid=${m.agent.cookie("aw_sid")}`, sockets);

async function sendOk(from: SignedInMember, id: string, body: string) {
  const res = await from.agent.post(messagesUrl(id), { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PmMessageEvent["message"];
}
async function bodiesOf(m: SignedInMember, id: string): Promise<string[]> {
  const res = await m.agent.get(messagesUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MessagesAnswer).messages.map((x) => x.body);
}
async function listOf(m: SignedInMember): Promise<ConversationView[]> {
  const res = await m.agent.get(CONVERSATIONS);
  expect(res.statusCode).toBe(200);
  return res.json().conversations;
}
async function totalOf(m: SignedInMember): Promise<number> {
  const res = await m.agent.get("/api/auth/pm/unread/total");
  expect(res.statusCode).toBe(200);
  return res.json().total;
}
async function messageNotesOf(m: SignedInMember): Promise<NotificationView[]> {
  const res = await m.agent.get("/api/auth/userNotifications");
  expect(res.statusCode).toBe(200);
  const body = res.json() as NotificationView[] | { notifications: NotificationView[] };
  const list = Array.isArray(body) ? body : body.notifications;
  return list.filter((n) => n.type === "message");
}
/** The next `pm:message` a socket receives. */
const nextPm = (socket: Socket) =>
  new Promise<PmMessageEvent>((resolve) => socket.once(USER_EVENTS.pmMessage, resolve));

/** A (blocked by C) and C in a group that B started before the block. */
async function groupWithBlock() {
  const [a, b, c] = [await member(), await member(), await member()];
  const group = await buildConversation(t.ctx.db, [b.user.id, a.user.id, c.user.id]);
  await buildBlock(t.ctx.db, c.user, a.user);
  return { a, b, c, id: group.id };
}

describe("group conversations get around blocks", () => {
  it("refuses to start a group whose members include a blocked pair (403), and writes nothing", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await buildBlock(t.ctx.db, c.user, a.user);
    expect((await a.agent.post(CONVERSATIONS, { userId: c.user.id })).statusCode).toBe(403);
    const before = await countRows(t.ctx.db, conversations);
    for (const pair of [
      [a.user.id, c.user.id],
      [c.user.id, a.user.id],
    ]) {
      const res = await b.agent.post(CONVERSATIONS, { userIds: pair });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.membersBlocked });
    }
    expect(await countRows(t.ctx.db, conversations)).toBe(before);
  });

  it("a member the sender is blocked by never hears the message; the send succeeds and the others get it", async () => {
    const { a, b, c, id } = await groupWithBlock();
    const [aSocket, bSocket, cSocket] = await Promise.all([socketOf(a), socketOf(b), socketOf(c)]);
    const toC: PmMessageEvent[] = [];
    cSocket.on(USER_EVENTS.pmMessage, (e: PmMessageEvent) => toC.push(e));
    const toA = nextPm(aSocket);
    const toB = nextPm(bSocket);
    const cBefore = (await listOf(c)).find((x) => x._id === id);

    const sent = await sendOk(a, id, "hello from A");
    // B hears it: live, in the messages, the list, the unread total and a notification.
    expect((await toB).message).toEqual(sent);
    expect((await toA).message).toEqual(sent);
    expect(await bodiesOf(b, id)).toEqual(["hello from A"]);
    expect((await listOf(b)).find((x) => x._id === id)?.lastMessage?.body).toBe("hello from A");
    expect(await totalOf(b)).toBe(1);
    expect(await messageNotesOf(b)).toHaveLength(1);
    // C, who blocks A, does not: same server, same emit, so C's event would have come by now.
    expect(toC).toEqual([]);
    expect(await bodiesOf(c, id)).toEqual([]);
    const cView = (await listOf(c)).find((x) => x._id === id);
    expect(cView?.lastMessage).toBeNull();
    expect(cView?.updatedAt).toBe(cBefore?.updatedAt);
    expect(cView?.unreadCount).toBe(0);
    expect(await totalOf(c)).toBe(0);
    expect(await messageNotesOf(c)).toEqual([]);
  });

  it("the blocker's archived group does not come back when the blocked member writes", async () => {
    const { a, b, c, id } = await groupWithBlock();
    await sendOk(b, id, "from B, heard by all");
    expect(await totalOf(c)).toBe(1);
    expect((await c.agent.post(`${CONVERSATIONS}/${id}/delete`)).statusCode).toBe(200);
    await sendOk(a, id, "A again");
    expect((await listOf(c)).map((x) => x._id)).not.toContain(id);
    expect(await totalOf(c)).toBe(0);
    // A message C hears brings it back, showing the newest message C may read.
    await sendOk(b, id, "B again");
    const back = (await listOf(c)).find((x) => x._id === id);
    expect(back?.lastMessage?.body).toBe("B again");
    expect(await bodiesOf(c, id)).toEqual(["from B, heard by all", "B again"]);
  });

  it("works both ways: the blocked member does not hear the blocker either, the others do", async () => {
    const { a, b, c, id } = await groupWithBlock();
    await sendOk(b, id, "B first");
    await sendOk(c, id, "from the blocker");
    expect(await bodiesOf(b, id)).toEqual(["B first", "from the blocker"]);
    expect(await bodiesOf(a, id)).toEqual(["B first"]);
    // The list shows A the newest message A may read, not the blocker's.
    expect((await listOf(a)).find((x) => x._id === id)?.lastMessage?.body).toBe("B first");
    expect(await totalOf(a)).toBe(1);
  });

  it("keeps what was said before the block", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const group = await buildConversation(t.ctx.db, [b.user.id, a.user.id, c.user.id]);
    await sendOk(a, group.id, "before the block");
    await buildBlock(t.ctx.db, c.user, a.user);
    await sendOk(a, group.id, "after the block");
    expect(await bodiesOf(c, group.id)).toEqual(["before the block"]);
    expect(await bodiesOf(b, group.id)).toEqual(["before the block", "after the block"]);
  });
});

describe("leaving a group conversation", () => {
  it("the member gets no more messages and the conversation is gone from their list; the others keep writing", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const started = await a.agent.post(CONVERSATIONS, { userIds: [b.user.id, c.user.id] });
    const id = started.json().conversationId as string;
    expect(started.json().conversation.isGroup).toBe(true);
    await sendOk(b, id, "before A left");

    const res = await a.agent.post(`${CONVERSATIONS}/${id}/leave`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await listOf(a)).map((x) => x._id)).not.toContain(id);
    expect(await totalOf(a)).toBe(0);

    const aSocket = await socketOf(a);
    const toA: PmMessageEvent[] = [];
    aSocket.on(USER_EVENTS.pmMessage, (e: PmMessageEvent) => toA.push(e));
    const toC = nextPm(await socketOf(c));
    await sendOk(b, id, "after A left");
    expect((await toC).message.body).toBe("after A left");
    expect(toA).toEqual([]);
    expect(await bodiesOf(c, id)).toEqual(["before A left", "after A left"]);
    const bView = (await listOf(b)).find((x) => x._id === id);
    expect(bView?.participants.map((p) => p._id).sort()).toEqual([b.user.id, c.user.id].sort());
    // Two members left, still a group (`isGroupKey` and its SQL twin agree: it can be left).
    expect(bView?.isGroup).toBe(true);
    // A is out: reading or writing answers as for a conversation that does not exist.
    expect((await a.agent.get(messagesUrl(id))).statusCode).toBe(404);
    expect((await a.agent.post(messagesUrl(id), { body: "let me in" })).statusCode).toBe(404);
    expect((await a.agent.post(`${CONVERSATIONS}/${id}/leave`)).statusCode).toBe(404);
    // Starting the old member set again makes a new conversation.
    const again = await a.agent.post(CONVERSATIONS, { userIds: [b.user.id, c.user.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversationId).not.toBe(id);
  });

  it("a one-to-one conversation cannot be left (400: archive it), nor can another's (404)", async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const started = (await a.agent.post(CONVERSATIONS, { userId: b.user.id })).json();
    const id = started.conversationId as string;
    expect(started.conversation.isGroup).toBe(false);
    const res = await a.agent.post(`${CONVERSATIONS}/${id}/leave`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.cannotLeaveOneToOne });
    const other = await outsider.agent.post(`${CONVERSATIONS}/${id}/leave`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.conversationNotFound });
    expect((await listOf(a)).map((x) => x._id)).toContain(id);
  });

  it("the last member but one leaving ends the conversation", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = (await a.agent.post(CONVERSATIONS, { userIds: [b.user.id, c.user.id] })).json()
      .conversationId as string;
    expect((await a.agent.post(`${CONVERSATIONS}/${id}/leave`)).statusCode).toBe(200);
    // Two left: still a group, so it can be left; then one member is left alone and it goes.
    expect((await b.agent.post(`${CONVERSATIONS}/${id}/leave`)).statusCode).toBe(200);
    expect((await listOf(c)).map((x) => x._id)).not.toContain(id);
    expect((await c.agent.get(messagesUrl(id))).statusCode).toBe(404);
  });
});
