import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  CHAT_MESSAGES,
  type ChatMessageView,
  type ChatSystemEvent,
  type ChatUser,
  type ChatUsersChangedEvent,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type ChatClient, chatClient, connectChat } from "../../../test/chat-client.ts";
import { buildUser } from "../../../test/factories.ts";
import { authFeature } from "../../features/auth/index.ts";
import { badRequest } from "../errors.ts";
import type { Feature } from "../feature.ts";
import { createChatRoomHost } from "./host.ts";
import { memoryChatRoomStores } from "./memory-stores.ts";

/**
 * The host with one feature of the test's own (a probe) registered the way every feature registers:
 * what the host gives a handler, and what the room's clients observe.
 */

const joined: string[] = [];
const left: string[] = [];
/** The messages the probe's second message hook saw (its first one always fails). */
const posted: string[] = [];

/** `chat-like` stands for any client event; the probe parses it with a schema of its own. */
const probeInput = z.object({
  messageId: z.string().trim().min(1),
  /** How long the handler takes: a slow first event must still be answered first. */
  delayMs: z.number().int().min(0).max(500).default(0),
});

const probe: Feature = {
  name: "probe",
  chat(room) {
    room.onJoin(({ member, reply }) => {
      joined.push(member._id);
      reply(OUT.system, { type: "system", message: `welcome ${member.username}` });
    });
    room.onLeave((member) => void left.push(member._id));
    room.onMessagePosted(() => {
      throw new Error("a failing message hook");
    });
    room.onMessagePosted((message, from) => void posted.push(`${from.member._id}:${message._id}`));
    room.handle(IN.like, probeInput, async (input, from) => {
      if (input.messageId.startsWith("post:")) {
        const message = { _id: input.messageId.slice(5), type: "message" } as ChatMessageView;
        await room.messagePosted(message, from);
        return from.reply(OUT.system, { type: "system", message: `posted ${message._id}` });
      }
      if (input.messageId === "boom") throw new Error("the probe failed");
      if (input.messageId === "nope") throw badRequest("the probe says no");
      if (input.messageId === "refuse") return from.refuse("refused by the probe");
      await new Promise((resolve) => setTimeout(resolve, input.delayMs));
      from.reply(OUT.system, { type: "system", message: `got ${input.messageId}` });
    });
    room.handle(
      ANNOUNCEMENT_CLIENT_EVENTS.send,
      z.object({ title: z.string() }),
      (input) => room.broadcast(OUT.system, { type: "system", message: input.title }),
      { authorize: (member) => (member.role === "admin" ? null : CHAT_MESSAGES.notAllowed) },
    );
  },
};

let t: TestApp;
let baseUrl: string;
const open: ChatClient[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { features: [authFeature, probe] });
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
  await client.next(OUT.users);
  return client;
}

const systemText = (client: ChatClient) =>
  client.received
    .filter((r) => r.event === OUT.system)
    .map((r) => (r.payload as ChatSystemEvent).message);

describe("joining the room", () => {
  it("refuses a connection without a session", async () => {
    const socket = connectChat(baseUrl, "");
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toMatch(/Not authenticated/);
    socket.disconnect();
  });

  it("runs the features' join hooks before the user list, and their leave hooks", async () => {
    const a = await join();
    expect(joined).toContain(a.member.user.id);
    const order = a.received.map((r) => r.event);
    expect(order.indexOf(OUT.system)).toBeLessThan(order.indexOf(OUT.users));
    expect(systemText(a)).toEqual([`welcome ${a.member.user.username}`]);

    const b = await join();
    b.close();
    await a.next<{ userId: string }>(OUT.userDisconnected, (p) => p.userId === b.member.user.id);
    expect(left).toContain(b.member.user.id);
    expect(left).not.toContain(a.member.user.id);
  });
});

describe("a feature's handler", () => {
  it("gets the payload as its schema parsed it, and the member it came from", async () => {
    const a = await join();
    a.socket.emit(IN.like, { messageId: "  trimmed  ", extra: "ignored" });
    expect(await a.next<ChatSystemEvent>(OUT.system, (p) => p.message.startsWith("got"))).toEqual({
      type: "system",
      message: "got trimmed",
    });
  });

  it("runs one member's events one at a time, in the order sent", async () => {
    const a = await join();
    a.socket.emit(IN.like, { messageId: "first", delayMs: 150 });
    a.socket.emit(IN.like, { messageId: "second" });
    a.socket.emit(IN.like, { messageId: "third", delayMs: 50 });
    await a.next<ChatSystemEvent>(OUT.system, (p) => p.message === "got third");
    expect(systemText(a).filter((m) => m.startsWith("got"))).toEqual([
      "got first",
      "got second",
      "got third",
    ]);
  });

  it("never sees a bad payload: the sender gets chat-error and keeps the connection", async () => {
    const a = await join();
    for (const bad of [null, "text", { messageId: 42 }, { messageId: "x", delayMs: -1 }]) {
      a.socket.emit(IN.like, bad);
      const error = await a.next<{ event: string; message: string }>(OUT.error);
      expect(error.event).toBe(IN.like);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(systemText(a).filter((m) => m.startsWith("got"))).toEqual([]);
    a.socket.emit(IN.like, { messageId: "still here" });
    await a.next(OUT.system, (p: ChatSystemEvent) => p.message === "got still here");
    expect(a.socket.connected).toBe(true);
  });

  it("answers its refusals and failures with chat-error, and the room goes on", async () => {
    const a = await join();
    a.socket.emit(IN.like, { messageId: "refuse" });
    expect(await a.next(OUT.error)).toEqual({ event: IN.like, message: "refused by the probe" });
    a.socket.emit(IN.like, { messageId: "nope" });
    expect(await a.next(OUT.error)).toEqual({ event: IN.like, message: "the probe says no" });
    a.socket.emit(IN.like, { messageId: "boom" });
    expect(await a.next(OUT.error)).toEqual({ event: IN.like, message: CHAT_MESSAGES.eventFailed });
    a.socket.emit(IN.like, { messageId: "after" });
    await a.next(OUT.system, (p: ChatSystemEvent) => p.message === "got after");
  });

  it("is not run for a member its authorize refuses, whatever the payload", async () => {
    const a = await join();
    a.socket.emit(ANNOUNCEMENT_CLIENT_EVENTS.send, { title: 42 });
    expect(await a.next(OUT.error)).toEqual({
      event: ANNOUNCEMENT_CLIENT_EVENTS.send,
      message: CHAT_MESSAGES.notAllowed,
    });
  });

  it("has one handler per event: a second registration is refused", () => {
    const host = createChatRoomHost(t.ctx, memoryChatRoomStores());
    host.handle(IN.like, probeInput, () => undefined);
    expect(() => host.handle(IN.like, probeInput, () => undefined)).toThrow(
      /already has a handler/,
    );
    // The presence answer is the host's own.
    expect(() => host.handle(IN.presencePing, probeInput, () => undefined)).toThrow();
  });
});

describe("message hooks", () => {
  it("run after a posted message, each one: a failing hook is logged and the others still run", async () => {
    const a = await join();
    a.socket.emit(IN.like, { messageId: "post:m1" });
    await a.next<ChatSystemEvent>(OUT.system, (p) => p.message === "posted m1");
    expect(posted).toEqual([`${a.member.user.id}:m1`]);
    expect(a.received.some((r) => r.event === OUT.error)).toBe(false);
  });
});

describe("one connection per member", () => {
  it("refuses a second live connection with duplicate-user and keeps the first", async () => {
    const first = await join();
    const second = connectChat(baseUrl, `aw_sid=${first.agent.cookie("aw_sid")}`);
    const duplicate = new Promise<{ title: string }>((r) => second.once(OUT.duplicateUser, r));
    const closed = new Promise<string>((r) => second.once("disconnect", r));
    expect((await duplicate).title).toBe(CHAT_MESSAGES.sessionAlreadyActive);
    expect(await closed).toBe("io server disconnect");
    first.socket.emit(IN.like, { messageId: "still here" });
    await first.next(OUT.system, (p: ChatSystemEvent) => p.message === "got still here");
  });

  it("announces members who come and go at once in one users-changed, in order, the list ending right", async () => {
    const a = await join();
    // Five members signed in beforehand connect at the same moment (a reconnect storm in small).
    const members = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.ctx.db)));
    const cookies = await Promise.all(
      members.map(async (m) => {
        const agent = new Agent(t.app);
        await agent.login(m.user.username, m.password);
        return `aw_sid=${agent.cookie("aw_sid")}`;
      }),
    );
    const storm = cookies.map((cookie) => connectChat(baseUrl, cookie));
    try {
      await Promise.all(storm.map((s) => new Promise((r) => s.once(OUT.users, r))));
      const ids = members.map((m) => m.user.id);
      // A hears each of them join once, as a lone user-connected or inside a users-changed.
      const joins = await Promise.all(
        ids.map((id) => a.next<{ user: ChatUser }>(OUT.userConnected, (p) => p.user._id === id)),
      );
      expect(joins.map((j) => j.user._id).sort()).toEqual([...ids].sort());
      const batches = a.received
        .filter((r) => r.event === OUT.usersChanged)
        .map((r) => (r.payload as ChatUsersChangedEvent).changes);
      // Fewer packets than joins: some came together (in a window of presenceAnnounceEveryMs).
      const batched = new Set(batches.flat().map(([, p]) => ("user" in p ? p.user._id : "")));
      const batchesOfThem = batches.filter((b) =>
        b.some(([, p]) => "user" in p && ids.includes(p.user._id)),
      );
      const lone = ids.filter((id) => !batched.has(id));
      expect(batchesOfThem.length).toBeGreaterThan(0);
      expect(lone.length + batchesOfThem.length).toBeLessThan(ids.length);
      // Each change is a join or a leave with its own event's payload (earlier tests' goodbyes
      // may come in the same window).
      for (const changes of batches)
        for (const [event, payload] of changes)
          expect(Object.keys(payload)).toEqual(
            event === OUT.userConnected ? ["user"] : ["userId", "username"],
          );
      // Three of them leave at once: A hears it, and A's list (the list it got, then every change
      // in order, as the web client applies them) is the room as it is.
      for (const s of storm.slice(0, 3)) s.disconnect();
      await Promise.all(
        ids
          .slice(0, 3)
          .map((id) => a.next<{ userId: string }>(OUT.userDisconnected, (p) => p.userId === id)),
      );
      const list = new Map<string, ChatUser>();
      for (const { event, payload } of a.received) {
        if (event === OUT.users)
          for (const u of (payload as { users: ChatUser[] }).users) list.set(u._id, u);
        if (event === OUT.userConnected) {
          const { user } = payload as { user: ChatUser };
          list.set(user._id, user);
        }
        if (event === OUT.userDisconnected) list.delete((payload as { userId: string }).userId);
      }
      expect([...list.keys()].sort()).toEqual([a.member.user.id, ...ids.slice(3)].sort());
    } finally {
      for (const s of storm) s.disconnect();
    }
  });

  it("keeps the user list: the newcomer gets the whole list, the room hears who joined and left", async () => {
    const a = await join();
    const b = await chatClient(t, baseUrl);
    open.push(b);
    const list = await b.next<{ users: ChatUser[] }>(OUT.users);
    expect(list.users.map((u) => u._id).sort()).toEqual(
      [a.member.user.id, b.member.user.id].sort(),
    );
    const joinedEvent = await a.next<Record<string, unknown> & { user: ChatUser }>(
      OUT.userConnected,
      (p) => p.user._id === b.member.user.id,
    );
    // Only the one who joined, not the whole list again (that would be O(members²) per join).
    expect(Object.keys(joinedEvent)).toEqual(["user"]);
    expect(joinedEvent.user).toMatchObject({ username: b.member.user.username });
    b.close();
    // (Goodbyes of the previous test's members may come first: announced at the end of a window.)
    const leftEvent = await a.next<Record<string, unknown>>(
      OUT.userDisconnected,
      (p) => p.userId === b.member.user.id,
    );
    expect(leftEvent).toEqual({ userId: b.member.user.id, username: b.member.user.username });
    // Someone joining later gets the list without the one who left.
    const c = await chatClient(t, baseUrl);
    open.push(c);
    const later = await c.next<{ users: ChatUser[] }>(OUT.users);
    expect(later.users.map((u) => u._id).sort()).toEqual(
      [a.member.user.id, c.member.user.id].sort(),
    );
  });
});
