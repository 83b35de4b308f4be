import {
  CHAT_MESSAGES,
  type ChatMessageView,
  type ChatUser,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { ChatClient } from "../../../test/chat-client.ts";
import { buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { memberSocket } from "../../../test/sockets.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { chatMessages } from "./schema.ts";

/**
 * Two app instances in one process sharing one database and one Redis (REDIS_URL), each listening
 * on its own port: the chat room is one room whichever instance a member is connected to.
 */

const instances = twoInstancesFixture({
  async afterEachTest() {
    await instances.one.ctx.db.delete(chatMessages);
    // Both instances heard the goodbyes: the room is empty again before the next test.
    await expect.poll(() => instances.redis.client.zcard("airwave:chat:presence")).toBe(0);
  },
});
const { join } = instances;

const isText = (text: string) => (m: ChatMessageView) => m.message === text;

describe("the chat room on two instances sharing Redis", () => {
  it("delivers a message from a member on one instance to a member on the other, both ways", async () => {
    const a = await join(instances.one);
    const b = await join(instances.two);
    a.socket.emit(IN.message, { message: "hello from instance one" });
    expect(
      (await b.next<ChatMessageView>(OUT.message, isText("hello from instance one"))).senderId,
    ).toBe(a.member.user.id);
    b.socket.emit(IN.message, { message: "hello from instance two" });
    expect(
      (await a.next<ChatMessageView>(OUT.message, isText("hello from instance two"))).senderId,
    ).toBe(b.member.user.id);
  });

  it("lists members connected to either instance in each other's user list", async () => {
    const a = await join(instances.one);
    const b = await join(instances.two);
    // B joined second, on the other instance: their list has A; A hears that B joined.
    const list = await b.next<{ users: ChatUser[] }>(OUT.users);
    expect(list.users.map((u) => u._id).sort()).toEqual(
      [a.member.user.id, b.member.user.id].sort(),
    );
    const joined = await a.next<{ user: ChatUser }>(
      OUT.userConnected,
      (p) => p.user._id === b.member.user.id,
    );
    expect(joined.user.username).toBe(b.member.user.username);
    // A third member on instance one sees both.
    const c = await join(instances.one);
    const later = await c.next<{ users: ChatUser[] }>(OUT.users);
    expect(later.users.map((u) => u.username).sort()).toEqual(
      [a, b, c].map((m) => m.member.user.username).sort(),
    );
    // B leaves instance two: A, on instance one, hears it.
    b.close();
    const gone = await a.next<{ userId: string; username: string }>(
      OUT.userDisconnected,
      (p) => p.userId === b.member.user.id,
    );
    expect(gone.username).toBe(b.member.user.username);
  });

  it("refuses a member's second connection on the other instance while the first is alive", async () => {
    const member = await buildUser(instances.one.ctx.db);
    const first = await join(instances.one, member);
    const second = await instances.connect(instances.two, member);
    const refused = await second.next<{ title: string }>(OUT.duplicateUser);
    expect(refused.title).toBe(CHAT_MESSAGES.sessionAlreadyActive);
    // The first connection still holds the place: its messages reach the room.
    const other = await join(instances.two);
    first.socket.emit(IN.message, { message: "still here" });
    await other.next<ChatMessageView>(OUT.message, isText("still here"));
  });
});

describe("the chat limit on two instances sharing Redis", () => {
  it("counts a member's messages on both instances: the 6th in 5 s, alternating instances, is refused", async () => {
    const member = await buildUser(instances.one.ctx.db);
    const watcher = await join(instances.one);
    const started = Date.now();
    let client: ChatClient | null = null;
    for (let i = 0; i < 6; i++) {
      const t = i % 2 === 0 ? instances.one : instances.two;
      if (client) {
        // The member leaves one instance (the watcher hears it) and comes back on the other.
        client.close();
        await watcher.next<{ userId: string }>(
          OUT.userDisconnected,
          (p) => p.userId === member.user.id,
        );
      }
      client = await join(t, member);
      client.socket.emit(IN.message, { message: `alternating ${i}` });
      if (i < 5) await watcher.next<ChatMessageView>(OUT.message, isText(`alternating ${i}`));
    }
    const warning = await client?.next<{ message: string }>(
      OUT.system,
      (p) => p.message === CHAT_MESSAGES.slowDown,
    );
    expect(warning?.message).toBe(CHAT_MESSAGES.slowDown);
    expect(Date.now() - started).toBeLessThan(5_000);
    const stored = await instances.one.ctx.db.select().from(chatMessages);
    expect(stored.map((m) => m.message).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `alternating ${i}`),
    );
  });
});

describe("live events on two instances sharing Redis", () => {
  it("a publish on one instance reaches the member's socket on the other, and so does a kick", async () => {
    const member = await signInMember(instances.two);
    const socket = await memberSocket(
      instances.url(instances.two),
      `aw_sid=${member.agent.cookie("aw_sid")}`,
      instances.sockets,
    );
    const unread = new Promise((resolve) => socket.once(USER_EVENTS.notificationsChanged, resolve));
    instances.one.ctx.realtime.publish(
      USER_EVENTS.notificationsChanged,
      { unread: 3 },
      { room: userRoom(member.user.id) },
    );
    expect(await unread).toEqual({ unread: 3 });

    const kicked = new Promise((resolve) => socket.once(USER_EVENTS.forceKick, resolve));
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    instances.one.ctx.realtime.disconnectUser(member.user.id, {
      event: { name: USER_EVENTS.forceKick, payload: { reason: "kicked on instance one" } },
    });
    expect(await kicked).toEqual({ reason: "kicked on instance one" });
    expect(await closed).toBe("io server disconnect");
  });
});
