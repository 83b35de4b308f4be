import {
  type ConversationView,
  type MessagesAnswer,
  type MessageView,
  mentionsPrivateProfile,
  type NotificationView,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
} from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildConversation, buildMessage } from "../../../test/factories/messages.ts";
import {
  buildBannedUser,
  buildBlock,
  buildFollow,
  buildFollowRequest,
  buildPrivateUser,
  buildUser,
} from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { type UserRow, users } from "../users/schema.ts";
import { conversationParticipants, conversations, privateMessages } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Member {
  user: UserRow;
  agent: Agent;
}

/** A member signed in with their own browser. */
const member = (build: typeof buildUser = buildUser, bio?: string): Promise<Member> =>
  signInMember(t, build, bio === undefined ? {} : { bio });

const CONVERSATIONS = "/api/auth/pm/conversations";
const messagesUrl = (id: string) => `${CONVERSATIONS}/${id}/messages`;

const start = (from: Member, body: unknown) => from.agent.post(CONVERSATIONS, body);

async function startOk(from: Member, ...to: Member[]): Promise<ConversationView> {
  const res = await start(
    from,
    to.length === 1 ? { userId: to[0]?.user.id } : { userIds: to.map((m) => m.user.id) },
  );
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { conversationId: string; conversation: ConversationView };
  expect(answer.conversationId).toBe(answer.conversation._id);
  return answer.conversation;
}

async function send(from: Member, id: string, body: unknown) {
  return from.agent.post(messagesUrl(id), body);
}

async function sendOk(from: Member, id: string, body: string): Promise<MessageView> {
  const res = await send(from, id, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function listOf(m: Member): Promise<ConversationView[]> {
  const res = await m.agent.get(CONVERSATIONS);
  expect(res.statusCode).toBe(200);
  return res.json().conversations;
}

async function totalOf(m: Member): Promise<number> {
  const res = await m.agent.get("/api/auth/pm/unread/total");
  expect(res.statusCode).toBe(200);
  return res.json().total;
}

async function messageNotesOf(m: Member): Promise<NotificationView[]> {
  const res = await m.agent.get("/api/auth/userNotifications");
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as NotificationView[]).filter((n) => n.type === "message");
}

const conversationsBetween = (...ms: Member[]) =>
  countRows(
    t.ctx.db,
    conversations,
    eq(
      conversations.participantKey,
      ms
        .map((m) => m.user.id)
        .sort()
        .join(","),
    ),
  );
const messagesIn = (id: string) =>
  countRows(t.ctx.db, privateMessages, eq(privateMessages.conversationId, id));

describe("POST /api/auth/pm/conversations (start)", () => {
  it("starts a one-to-one conversation and answers the same one on every later start", async () => {
    const a = await member(buildUser, "Spins jungle on Fridays");
    const b = await member(buildUser, "Bass face");
    const convo = await startOk(a, b);
    expect(convo).toMatchObject({ lastMessage: null, unreadCount: 0, unread: 0 });
    expect(convo.participants.map((p) => p._id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(convo.participants.find((p) => p._id === b.user.id)).toEqual({
      _id: b.user.id,
      username: b.user.username,
      profileimage: b.user.profileimage,
      bio: "Bass face",
    });
    expect(Number.isNaN(Date.parse(convo.updatedAt))).toBe(false);

    expect((await startOk(a, b))._id).toBe(convo._id);
    expect((await startOk(b, a))._id).toBe(convo._id);
    // The group form with the starter listed too is the same set of members.
    const res = await start(a, { userIds: [a.user.id, b.user.id] });
    expect(res.json().conversationId).toBe(convo._id);
    expect(await conversationsBetween(a, b)).toBe(1);
  });

  it("answers each input error with the contract's message and writes nothing", async () => {
    const a = await member();
    const before = await countRows(t.ctx.db, conversations);
    const cases: [unknown, number, string][] = [
      [{}, 400, PRIVATE_MESSAGE_MESSAGES.recipientsRequired],
      [undefined, 400, PRIVATE_MESSAGE_MESSAGES.recipientsRequired],
      [{ userIds: [] }, 400, PRIVATE_MESSAGE_MESSAGES.recipientsRequired],
      [{ userId: "" }, 400, PRIVATE_MESSAGE_MESSAGES.userNotFound],
      [{ userId: 42 }, 400, PRIVATE_MESSAGE_MESSAGES.userNotFound],
      [{ userIds: "nope" }, 400, PRIVATE_MESSAGE_MESSAGES.recipientsRequired],
      [{ userId: a.user.id }, 400, PRIVATE_MESSAGE_MESSAGES.cannotMessageSelf],
      [{ userIds: [a.user.id] }, 400, PRIVATE_MESSAGE_MESSAGES.cannotMessageSelf],
      [{ userId: "no-such-member" }, 404, PRIVATE_MESSAGE_MESSAGES.userNotFound],
      [
        {
          userIds: Array.from(
            { length: PRIVATE_MESSAGE_LIMITS.participantsMax + 1 },
            (_, i) => `u${i}`,
          ),
        },
        400,
        PRIVATE_MESSAGE_MESSAGES.tooManyParticipants,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await start(a, body);
      expect({ body, status: res.statusCode, answer: res.json() }).toEqual({
        body,
        status,
        answer: { message },
      });
    }
    // With the starter the group would have one member too many.
    const full = await Promise.all(
      Array.from({ length: PRIVATE_MESSAGE_LIMITS.participantsMax }, () => buildUser(t.ctx.db)),
    );
    const res = await start(a, { userIds: full.map((m) => m.user.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.tooManyParticipants });
    expect(await countRows(t.ctx.db, conversations)).toBe(before);
  });

  it("refuses across a block in either direction (403) and writes nothing", async () => {
    const a = await member();
    const b = await member();
    await buildBlock(t.ctx.db, b.user, a.user);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await start(from, { userId: to.user.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.blocked });
      expect(mentionsPrivateProfile(res.json().message)).toBe(false);
    }
    expect(await conversationsBetween(a, b)).toBe(0);
  });

  it("refuses a private profile to a non-follower (also with a pending request), mentioning the private profile", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    const first = await start(fan, { userId: shy.user.id });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile });
    expect(mentionsPrivateProfile(first.json().message)).toBe(true);

    await buildFollowRequest(t.ctx.db, fan.user, shy.user);
    const pending = await start(fan, { userId: shy.user.id });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile });
    expect(await conversationsBetween(fan, shy)).toBe(0);
  });

  it("lets an accepted follower message a private profile", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    await buildFollow(t.ctx.db, fan.user, shy.user);
    const convo = await startOk(fan, shy);
    await sendOk(fan, convo._id, "Loved your set");
    expect((await listOf(shy))[0]?.lastMessage?.body).toBe("Loved your set");
  });

  it("lets a private member start a conversation with a non-follower, who may then reply", async () => {
    const shy = await member(buildPrivateUser);
    const other = await member();
    const convo = await startOk(shy, other);
    // Starting again from the other side, or replying, is not refused by the private rule.
    expect((await startOk(other, shy))._id).toBe(convo._id);
    await sendOk(other, convo._id, "Hi back");
  });

  it("refuses a banned member as recipient", async () => {
    const a = await member();
    const { user: banned } = await buildBannedUser(t.ctx.db);
    const res = await start(a, { userId: banned.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.recipientUnavailable });
    expect(
      await countRows(
        t.ctx.db,
        conversationParticipants,
        eq(conversationParticipants.userId, banned.id),
      ),
    ).toBe(0);
  });

  it("starts a group of three and finds it again for the same set in any order", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const convo = await startOk(a, b, c);
    expect(convo.participants.map((p) => p._id).sort()).toEqual(
      [a.user.id, b.user.id, c.user.id].sort(),
    );
    expect((await startOk(c, b, a))._id).toBe(convo._id);
    const res = await start(b, { userIds: [c.user.id, a.user.id, b.user.id, c.user.id] });
    expect(res.json().conversationId).toBe(convo._id);
    // A different set is a different conversation.
    expect((await startOk(a, b))._id).not.toBe(convo._id);
    expect(await conversationsBetween(a, b, c)).toBe(1);
  });

  it("checks every recipient of a group: one refusal refuses the whole group", async () => {
    const a = await member();
    const b = await member();
    const shy = await member(buildPrivateUser);
    const res = await start(a, { userIds: [b.user.id, shy.user.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile });
    const blocker = await member();
    await buildBlock(t.ctx.db, blocker.user, a.user);
    const blocked = await start(a, { userIds: [b.user.id, blocker.user.id] });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.blocked });
    expect(await conversationsBetween(a, b, shy)).toBe(0);
    expect(await conversationsBetween(a, b, blocker)).toBe(0);
  });

  it("makes one conversation out of 10 parallel starts", async () => {
    const a = await member();
    const b = await member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        start(i % 2 ? a : b, { userId: (i % 2 ? b : a).user.id }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().conversationId)).size).toBe(1);
    expect(await conversationsBetween(a, b)).toBe(1);
    const id = answers[0]?.json().conversationId as string;
    expect(
      await countRows(
        t.ctx.db,
        conversationParticipants,
        eq(conversationParticipants.conversationId, id),
      ),
    ).toBe(2);
  });

  it("hides a private participant's bio from group members who do not follow them", async () => {
    const a = await member();
    const shy = await member(buildPrivateUser, "Secret bio");
    const c = await member(buildUser, "Open bio");
    await buildFollow(t.ctx.db, a.user, shy.user);
    const convo = await startOk(a, shy, c);
    const bioOf = (list: ConversationView[], who: Member) =>
      list.find((x) => x._id === convo._id)?.participants.find((p) => p._id === who.user.id)?.bio;
    expect(bioOf([convo], shy)).toBe("Secret bio");
    await sendOk(a, convo._id, "hello group");
    expect(bioOf(await listOf(c), shy)).toBe("");
    expect(bioOf(await listOf(c), c)).toBe("Open bio");
    expect(bioOf(await listOf(shy), shy)).toBe("Secret bio");
  });
});

describe("GET /api/auth/pm/conversations", () => {
  it("lists only the actor's conversations, newest activity first, with the last message", async () => {
    const me = await member();
    const b = await member();
    const c = await member();
    const stranger = await member();
    const older = await buildConversation(t.ctx.db, [me.user.id, b.user.id], { ageMs: 60_000 });
    const newer = await buildConversation(t.ctx.db, [c.user.id, me.user.id], { ageMs: 30_000 });
    const others = await buildConversation(t.ctx.db, [b.user.id, stranger.user.id]);
    const msg = await buildMessage(t.ctx.db, older.id, b.user.id, {
      body: "bump",
      countUnread: true,
    });

    const list = await listOf(me);
    expect(list.map((x) => x._id)).toEqual([older.id, newer.id]);
    expect(list[0]).toMatchObject({
      unreadCount: 1,
      unread: 1,
      lastMessage: {
        _id: msg.id,
        body: "bump",
        sender: b.user.id,
        createdAt: msg.createdAt.toISOString(),
      },
      updatedAt: msg.createdAt.toISOString(),
    });
    expect(list[1]?.lastMessage).toBeNull();
    expect(list.some((x) => x._id === others.id)).toBe(false);
    expect(await listOf(await member())).toEqual([]);
  });
});

describe("messages of a conversation", () => {
  it("sends a message: answered, listed for both, unread for the recipient only", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    const m = await sendOk(a, convo._id, "  Hello B!  ");
    expect(m).toMatchObject({ conversationId: convo._id, body: "Hello B!", sender: a.user.id });
    expect(typeof m._id).toBe("string");
    expect(Date.parse(m.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const [forB] = await listOf(b);
    expect(forB).toMatchObject({
      _id: convo._id,
      unreadCount: 1,
      unread: 1,
      lastMessage: { _id: m._id, body: "Hello B!", sender: a.user.id, createdAt: m.createdAt },
      updatedAt: m.createdAt,
    });
    expect((await listOf(a))[0]?.unreadCount).toBe(0);

    const page = await b.agent.get(messagesUrl(convo._id));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ messages: [m], hasMore: false });
  });

  it("answers each input error of a send with the contract's message and writes nothing", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    const cases: [unknown, string][] = [
      [{ body: "" }, PRIVATE_MESSAGE_MESSAGES.bodyEmpty],
      [{ body: " \n\t " }, PRIVATE_MESSAGE_MESSAGES.bodyEmpty],
      [{}, PRIVATE_MESSAGE_MESSAGES.bodyEmpty],
      [undefined, PRIVATE_MESSAGE_MESSAGES.bodyEmpty],
      [{ body: 12 }, PRIVATE_MESSAGE_MESSAGES.bodyEmpty],
      [
        { body: "x".repeat(PRIVATE_MESSAGE_LIMITS.bodyMax + 1) },
        PRIVATE_MESSAGE_MESSAGES.bodyTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send(a, convo._id, body);
      expect({ body, status: res.statusCode, answer: res.json() }).toEqual({
        body,
        status: 400,
        answer: { message },
      });
    }
    expect(await messagesIn(convo._id)).toBe(0);
    // The longest allowed body is accepted.
    await sendOk(a, convo._id, "y".repeat(PRIVATE_MESSAGE_LIMITS.bodyMax));
  });

  it("pages by 40, oldest to newest within a page, going back with `before`", async () => {
    const a = await member();
    const b = await member();
    const convo = await buildConversation(t.ctx.db, [a.user.id, b.user.id], { ageMs: 200_000 });
    const all: Awaited<ReturnType<typeof buildMessage>>[] = [];
    for (let i = 0; i < 85; i++) {
      all.push(
        await buildMessage(t.ctx.db, convo.id, i % 2 ? a.user.id : b.user.id, {
          body: `m${i}`,
          ageMs: (85 - i) * 1000,
        }),
      );
    }
    const bodies = (p: MessagesAnswer) => p.messages.map((m) => m.body);
    const expected = (from: number, to: number) => all.slice(from, to).map((m) => m.body);

    const first: MessagesAnswer = (await a.agent.get(messagesUrl(convo.id))).json();
    expect(bodies(first)).toEqual(expected(45, 85));
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]).toEqual({
      _id: all[45]?.id,
      conversationId: convo.id,
      body: "m45",
      sender: all[45]?.senderId,
      createdAt: all[45]?.createdAt.toISOString(),
    });

    const second: MessagesAnswer = (
      await a.agent.get(messagesUrl(convo.id), { before: first.messages[0]?.createdAt ?? "" })
    ).json();
    expect(bodies(second)).toEqual(expected(5, 45));
    expect(second.hasMore).toBe(true);

    const third: MessagesAnswer = (
      await a.agent.get(messagesUrl(convo.id), {
        before: second.messages[0]?.createdAt ?? "",
        beforeId: second.messages[0]?._id ?? "",
      })
    ).json();
    expect(bodies(third)).toEqual(expected(0, 5));
    expect(third.hasMore).toBe(false);

    const poll: MessagesAnswer = (
      await b.agent.get(messagesUrl(convo.id), { limit: String(PRIVATE_MESSAGE_LIMITS.pollLimit) })
    ).json();
    expect(bodies(poll)).toEqual(expected(55, 85));

    const exact: MessagesAnswer = (
      await b.agent.get(messagesUrl(convo.id), { limit: "85" })
    ).json();
    expect(exact.messages).toHaveLength(85);
    expect(exact.hasMore).toBe(false);
  });

  it("answers bad paging parameters with 400 and the contract's message", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    const cases: [Record<string, string>, string][] = [
      [{ limit: "0" }, PRIVATE_MESSAGE_MESSAGES.invalidLimit],
      [{ limit: "101" }, PRIVATE_MESSAGE_MESSAGES.invalidLimit],
      [{ limit: "abc" }, PRIVATE_MESSAGE_MESSAGES.invalidLimit],
      [{ limit: "2.5" }, PRIVATE_MESSAGE_MESSAGES.invalidLimit],
      [{ before: "yesterday-ish" }, PRIVATE_MESSAGE_MESSAGES.invalidBefore],
      [{ before: "" }, PRIVATE_MESSAGE_MESSAGES.invalidBefore],
    ];
    for (const [query, message] of cases) {
      const res = await a.agent.get(messagesUrl(convo._id), query);
      expect({ query, status: res.statusCode, answer: res.json() }).toEqual({
        query,
        status: 400,
        answer: { message },
      });
    }
    const max = await a.agent.get(messagesUrl(convo._id), { limit: "100" });
    expect(max.json()).toEqual({ messages: [], hasMore: false });
  });

  it("keeps the order of messages sent within the same millisecond and pages them exactly", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    const sent: MessageView[] = [];
    for (let i = 0; i < 6; i++) sent.push(await sendOk(i % 2 ? a : b, convo._id, `n${i}`));
    const page1: MessagesAnswer = (
      await a.agent.get(messagesUrl(convo._id), { limit: "3" })
    ).json();
    expect(page1.messages.map((m) => m.body)).toEqual(["n3", "n4", "n5"]);
    const page2: MessagesAnswer = (
      await a.agent.get(messagesUrl(convo._id), {
        limit: "3",
        before: page1.messages[0]?.createdAt ?? "",
      })
    ).json();
    expect(page2.messages.map((m) => m.body)).toEqual(["n0", "n1", "n2"]);
    expect(page2.hasMore).toBe(false);
  });

  it("stops a one-to-one conversation after a block, in either direction, and writes nothing", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    await sendOk(a, convo._id, "before the block");
    await buildBlock(t.ctx.db, b.user, a.user);
    for (const from of [a, b]) {
      const res = await send(from, convo._id, { body: "after" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.blocked });
    }
    expect(await messagesIn(convo._id)).toBe(1);
    expect((await listOf(b))[0]?.lastMessage?.body).toBe("before the block");
  });
});

describe("who may touch a conversation", () => {
  it("answers 404 alike to a non-participant and to an unknown id, for every call, and writes nothing", async () => {
    const a = await member();
    const b = await member();
    const intruder = await member();
    const convo = await startOk(a, b);
    await sendOk(a, convo._id, "private words");

    for (const id of [convo._id, "no-such-conversation"]) {
      const calls = [
        await intruder.agent.get(messagesUrl(id)),
        await intruder.agent.get(messagesUrl(id), { before: new Date().toISOString() }),
        await send(intruder, id, { body: "let me in" }),
        await intruder.agent.post(`${CONVERSATIONS}/${id}/read`),
        await intruder.agent.post(`${CONVERSATIONS}/${id}/delete`),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: PRIVATE_MESSAGE_MESSAGES.conversationNotFound });
      }
    }
    expect(await messagesIn(convo._id)).toBe(1);
    const [row] = await t.ctx.db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, convo._id),
          eq(conversationParticipants.userId, b.user.id),
        ),
      );
    expect(row).toMatchObject({ unreadCount: 1, archivedAt: null });
    expect(await listOf(intruder)).toEqual([]);
    expect(await countRows(t.ctx.db, conversations, eq(conversations.id, convo._id))).toBe(1);
  });

  it("answers 401 without a session", async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.get(CONVERSATIONS)).statusCode).toBe(401);
    expect((await visitor.get("/api/auth/pm/unread/total")).statusCode).toBe(401);
    expect((await visitor.post(CONVERSATIONS, { userId: "x" })).statusCode).toBe(401);
  });
});

describe("unread counts, read marks and notifications", () => {
  it("counts unread per conversation and in total; read clears one conversation", async () => {
    const me = await member();
    const b = await member();
    const c = await member();
    const withB = await startOk(b, me);
    const withC = await startOk(c, me);
    await sendOk(b, withB._id, "1");
    await sendOk(b, withB._id, "2");
    await sendOk(c, withC._id, "3");
    expect(await totalOf(me)).toBe(3);
    expect(await totalOf(b)).toBe(0);
    const byId = Object.fromEntries((await listOf(me)).map((x) => [x._id, x.unreadCount]));
    expect(byId).toEqual({ [withB._id]: 2, [withC._id]: 1 });

    const read = await me.agent.post(`${CONVERSATIONS}/${withB._id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, unreadCount: 0 });
    expect(await totalOf(me)).toBe(1);
    const [row] = await t.ctx.db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, withB._id),
          eq(conversationParticipants.userId, me.user.id),
        ),
      );
    expect(row?.unreadCount).toBe(0);
    expect(row?.lastReadAt).toBeInstanceOf(Date);
    // Replying reads the conversation for the sender.
    await sendOk(me, withC._id, "reply");
    expect(await totalOf(me)).toBe(0);
  });

  it("notifies a recipient once per unread streak (0 -> 1), not per message", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    await sendOk(a, convo._id, "one");
    await sendOk(a, convo._id, "two");
    await sendOk(a, convo._id, "three");
    const notes = await messageNotesOf(b);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "message",
      fromId: a.user.id,
      from: a.user.username,
      meta: { conversationId: convo._id },
    });
    expect(await messageNotesOf(a)).toEqual([]);

    await b.agent.post(`${CONVERSATIONS}/${convo._id}/read`);
    await sendOk(a, convo._id, "four");
    expect(await messageNotesOf(b)).toHaveLength(2);
  });

  it("counts a group message unread for every other member", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const convo = await startOk(a, b, c);
    await sendOk(b, convo._id, "hey all");
    expect([await totalOf(a), await totalOf(b), await totalOf(c)]).toEqual([1, 0, 1]);
    expect(await messageNotesOf(a)).toHaveLength(1);
    expect(await messageNotesOf(c)).toHaveLength(1);
  });
});

describe("archive (POST /pm/conversations/{id}/delete)", () => {
  it("hides the conversation only for the archiver, leaves it out of the total, and a new message brings it back", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    await sendOk(b, convo._id, "unread for a");
    expect(await totalOf(a)).toBe(1);

    const res = await a.agent.post(`${CONVERSATIONS}/${convo._id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, deleted: false });
    expect(await listOf(a)).toEqual([]);
    expect(await totalOf(a)).toBe(0);
    expect((await listOf(b)).map((x) => x._id)).toEqual([convo._id]);
    // Still readable by id for the archiver (the conversation exists).
    expect((await a.agent.get(messagesUrl(convo._id))).statusCode).toBe(200);

    await sendOk(b, convo._id, "are you there?");
    const [back] = await listOf(a);
    expect(back).toMatchObject({ _id: convo._id, unreadCount: 1 });
    expect(back?.lastMessage?.body).toBe("are you there?");
    expect(await totalOf(a)).toBe(1);
  });

  it("un-archives for the starter when the conversation is started again", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    await a.agent.post(`${CONVERSATIONS}/${convo._id}/delete`);
    expect(await listOf(a)).toEqual([]);
    expect((await startOk(a, b))._id).toBe(convo._id);
    expect((await listOf(a)).map((x) => x._id)).toEqual([convo._id]);
  });

  it("deletes the conversation and its messages for good once every participant archived", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const convo = await startOk(a, b, c);
    await sendOk(a, convo._id, "one");
    await sendOk(b, convo._id, "two");
    expect(await messagesIn(convo._id)).toBe(2);

    for (const m of [a, b]) {
      const res = await m.agent.post(`${CONVERSATIONS}/${convo._id}/delete`);
      expect(res.json()).toEqual({ ok: true, deleted: false });
    }
    expect(await countRows(t.ctx.db, conversations, eq(conversations.id, convo._id))).toBe(1);
    const last = await c.agent.post(`${CONVERSATIONS}/${convo._id}/delete`);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ ok: true, deleted: true });

    expect(await countRows(t.ctx.db, conversations, eq(conversations.id, convo._id))).toBe(0);
    expect(await messagesIn(convo._id)).toBe(0);
    expect(
      await countRows(
        t.ctx.db,
        conversationParticipants,
        eq(conversationParticipants.conversationId, convo._id),
      ),
    ).toBe(0);
    // Gone for everyone; starting again makes a fresh, empty conversation.
    expect((await a.agent.get(messagesUrl(convo._id))).statusCode).toBe(404);
    const again = await startOk(a, b, c);
    expect(again._id).not.toBe(convo._id);
    expect(again.lastMessage).toBeNull();
  });

  it("deletes exactly once when the last two participants archive at the same time", async () => {
    const a = await member();
    const b = await member();
    const convo = await startOk(a, b);
    await sendOk(a, convo._id, "bye");
    const answers = await Promise.all(
      [a, b].map((m) => m.agent.post(`${CONVERSATIONS}/${convo._id}/delete`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().deleted).sort()).toEqual([false, true]);
    expect(await countRows(t.ctx.db, conversations, eq(conversations.id, convo._id))).toBe(0);
    expect(await messagesIn(convo._id)).toBe(0);
    // The members themselves are untouched.
    expect(await countRows(t.ctx.db, users, eq(users.id, a.user.id))).toBe(1);
  });
});
