import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  ANNOUNCEMENT_SERVER_EVENTS,
  type Announcement,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatLike,
  type ChatMessageView,
  type ChatUser,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  replyPreview,
  USER_EVENTS,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { type BuiltUser, buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { notifications } from "../notifications/schema.ts";
import { users } from "../users/schema.ts";
import { chatLikes, chatMessages } from "./schema.ts";
import { saveChatMessage } from "./store.ts";

/**
 * The chat feature in the room (\`chat.ts\`: history, messages, likes, announcements) and its HTTP
 * calls (kick and ban, stats and wipe). The host's own rules are tested in
 * platform/chat-room; private messages and track id with the messages and radio features.
 */

const room = chatRoomFixture();
const join = (member?: BuiltUser) => room.join(member);
afterEach(async () => {
  await room.t.ctx.db.delete(chatMessages);
});

const isText = (text: string) => (m: ChatMessageView) => m.message === text;

describe("joining the chat room", () => {
  it("sends the newest 50 messages oldest first, then tells everyone who joined", async () => {
    const author = await buildUser(room.t.ctx.db);
    for (let i = 0; i < 55; i++) {
      await saveChatMessage(room.t.ctx.db, {
        clientId: i,
        senderId: author.user.id,
        username: author.user.username,
        profileimage: author.user.profileimage,
        type: "message",
        message: `history ${i}`,
      });
    }
    const client = await room.connect();
    const history = await client.next<ChatMessageView[]>(OUT.history);
    expect(history).toHaveLength(CHAT_LIMITS.historySize);
    expect(history[0]?.message).toBe("history 5");
    expect(history.at(-1)?.message).toBe("history 54");
    const joined = await client.next<{ user: ChatUser }>(OUT.userConnected);
    expect(joined.user).toMatchObject({
      _id: client.member.user.id,
      username: client.member.user.username,
    });
  });
});

describe("messages", () => {
  it("delivers a cleaned message to every member, with the sender's name, picture and name tag", async () => {
    const style = { textColor: "#ff00aa", backgroundType: "color", backgroundColor: "#000" };
    const alice = await buildUser(room.t.ctx.db, { nameTagStyling: style });
    const a = await join(alice);
    const b = await join();
    const c = await join();
    a.socket.emit(IN.message, {
      message: "hello <b>all</b> [color=#ff0000]red[/color]\u200B",
      id: 4242,
      username: "someone-else",
      profileimage: "https://evil.example/x.png",
    });
    for (const client of [a, b, c]) {
      const m = await client.next<ChatMessageView>(OUT.message);
      expect(m).toMatchObject({
        id: 4242,
        message: "hello all [color=#ff0000]red[/color]",
        username: alice.user.username,
        sender: alice.user.username,
        senderId: alice.user.id,
        profileimage: alice.user.profileimage,
        type: "message",
        usernameStyle: style,
        likes: [],
      });
    }
    const [row] = await room.t.ctx.db.select().from(chatMessages);
    expect(row?.message).toBe("hello all [color=#ff0000]red[/color]");

    // A name tag saved after joining shows on the next message, without reconnecting.
    const restyled = { textColor: "#00ff00" };
    const saved = await a.agent.post("/api/auth/namTagStyling", { nameTagStyling: restyled });
    expect(saved.statusCode).toBe(200);
    a.socket.emit(IN.message, { message: "new look" });
    expect((await b.next<ChatMessageView>(OUT.message, isText("new look"))).usernameStyle).toEqual(
      restyled,
    );
  });

  it("answers a bad payload with an error event and keeps the connection", async () => {
    const a = await join();
    for (const bad of [null, "text", { message: 42 }, { message: "x", type: "system" }]) {
      a.socket.emit(IN.message, bad);
      const error = await a.next<{ event: string; message: string }>(OUT.error);
      expect(error.event).toBe(IN.message);
      expect(error.message.length).toBeGreaterThan(0);
    }
    a.socket.emit(IN.message, { message: "\u200B<br>  " });
    expect(await a.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.empty,
    });
    expect(a.socket.connected).toBe(true);
    expect(await room.t.ctx.db.select().from(chatMessages)).toHaveLength(0);
  });

  it("refuses GIF links from other hosts and images that are not the member's uploads", async () => {
    const a = await join();
    a.socket.emit(IN.message, { message: "https://evil.example/track.gif", type: "gif" });
    expect(await a.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.invalidGif,
    });
    a.socket.emit(IN.message, { message: "https://evil.example/a.png", type: "image" });
    expect(await a.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.invalidImage,
    });
    a.socket.emit(IN.message, {
      message: "https://media1.giphy.com/media/abc/200.gif",
      type: "gif",
    });
    const gif = await a.next<ChatMessageView>(OUT.message);
    expect(gif).toMatchObject({
      type: "gif",
      message: "https://media1.giphy.com/media/abc/200.gif",
    });
  });

  it("keeps only 5 messages per 5 seconds from one member and tells them to slow down", async () => {
    const a = await join();
    const b = await join();
    for (let i = 0; i < CHAT_LIMITS.rateLimitCount + 2; i++)
      a.socket.emit(IN.message, { message: `burst ${i}` });
    const warning = await a.next<{ message: string }>(OUT.system);
    expect(warning.message).toBe(CHAT_MESSAGES.slowDown);
    await b.next<ChatMessageView>(OUT.message, isText(`burst ${CHAT_LIMITS.rateLimitCount - 1}`));
    const stored = await room.t.ctx.db.select().from(chatMessages);
    expect(stored).toHaveLength(CHAT_LIMITS.rateLimitCount);
    expect(b.received.some((r) => (r.payload as ChatMessageView)?.message === "burst 5")).toBe(
      false,
    );
  });

  it("keeps counting when the member leaves and comes back within the window", async () => {
    const member = await buildUser(room.t.ctx.db);
    const b = await join();
    const first = await join(member);
    for (let i = 0; i < CHAT_LIMITS.rateLimitCount; i++)
      first.socket.emit(IN.message, { message: `before leaving ${i}` });
    await b.next<ChatMessageView>(
      OUT.message,
      isText(`before leaving ${CHAT_LIMITS.rateLimitCount - 1}`),
    );
    first.close();
    await b.next<{ userId: string }>(OUT.userDisconnected, (p) => p.userId === member.user.id);
    const again = await join(member);
    again.socket.emit(IN.message, { message: "after coming back" });
    const warning = await again.next<{ message: string }>(
      OUT.system,
      (p) => p.message === CHAT_MESSAGES.slowDown,
    );
    expect(warning.message).toBe(CHAT_MESSAGES.slowDown);
    const stored = await room.t.ctx.db.select().from(chatMessages);
    expect(stored).toHaveLength(CHAT_LIMITS.rateLimitCount);
  });

  it("carries replyTo built from the stored original, whatever the client claims", async () => {
    const a = await join();
    const b = await join();
    a.socket.emit(IN.message, {
      message: "the original message, long enough to be shortened for sure",
    });
    const original = await b.next<ChatMessageView>(OUT.message);
    b.socket.emit(IN.message, {
      message: "a reply",
      replyTo: { id: original._id, username: "forged", message: "forged text" },
    });
    const reply = await a.next<ChatMessageView>(OUT.message, isText("a reply"));
    expect(reply.replyTo).toEqual({
      id: original._id,
      username: a.member.user.username,
      message: replyPreview(original.message),
      type: "message",
    });
    b.socket.emit(IN.message, { message: "reply to nothing", replyTo: { id: "nope" } });
    expect(await b.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.unknownMessage,
    });
  });

  it("notifies a mentioned member, live", async () => {
    const a = await join();
    const b = await join();
    const { io } = await import("socket.io-client");
    const main = io(room.baseUrl, {
      transports: ["websocket"],
      extraHeaders: { cookie: `aw_sid=${b.agent.cookie("aw_sid")}` },
      reconnection: false,
    });
    await new Promise<void>((r) => main.once("connect", () => r()));
    const live = new Promise<{ type: string; from: string }>((r) =>
      main.once(USER_EVENTS.notification, r),
    );
    a.socket.emit(IN.message, { message: `hey @${b.member.user.username} and @nobody_here` });
    expect(await live).toMatchObject({ type: "mention", from: a.member.user.username });
    const rows = await room.t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, b.member.user.id));
    expect(rows).toHaveLength(1);
    main.disconnect();
  });
});

describe("likes", () => {
  it("counts one like per member, also under parallel clicks, and a second like takes it back", async () => {
    const a = await join();
    const b = await join();
    a.socket.emit(IN.message, { message: "like me" });
    const m = await b.next<ChatMessageView>(OUT.message);
    b.socket.emit(IN.like, { messageId: m._id });
    const update = await a.next<{ messageId: string; likes: ChatLike[] }>(OUT.likeUpdate);
    expect(update).toEqual({
      messageId: m._id,
      likes: [
        {
          userId: b.member.user.id,
          username: b.member.user.username,
          profileimage: b.member.user.profileimage,
        },
      ],
    });
    b.socket.emit(IN.like, { messageId: m._id });
    expect((await a.next<{ likes: ChatLike[] }>(OUT.likeUpdate)).likes).toEqual([]);

    const fans = await Promise.all(Array.from({ length: 5 }, () => join()));
    for (const f of fans) {
      f.socket.emit(IN.like, { messageId: m._id });
    }
    await a.next<{ likes: ChatLike[] }>(OUT.likeUpdate, (u) => u.likes.length === 5, 8000);
    const rows = await room.t.ctx.db.select().from(chatLikes).where(eq(chatLikes.messageId, m._id));
    expect(rows).toHaveLength(5);
  });

  it("sends the likes of the history on join", async () => {
    const a = await join();
    a.socket.emit(IN.message, { message: "liked before you came" });
    const m = await a.next<ChatMessageView>(OUT.message);
    a.socket.emit(IN.like, { messageId: m._id });
    await a.next(OUT.likeUpdate);
    const late = await room.connect();
    const history = await late.next<ChatMessageView[]>(OUT.history);
    expect(history.find((h) => h._id === m._id)?.likes).toHaveLength(1);
    const sync = await late.next<Record<string, ChatLike[]>>(OUT.likeSync);
    expect(sync[m._id]).toHaveLength(1);
  });
});

describe("kick and ban", () => {
  it("lets only admins and moderators kick; the target's chat closes at once with force-kick", async () => {
    const target = await join();
    const bystander = await join();
    const member = new Agent(room.t.app);
    const plain = await buildUser(room.t.ctx.db);
    await member.login(plain.user.username, plain.password);
    const refused = await member.post("/api/auth/chat/kick", { userId: target.member.user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CHAT_MESSAGES.notAllowed });
    expect(target.socket.connected).toBe(true);

    const mod = await buildModerator(room.t.ctx.db);
    const modAgent = new Agent(room.t.app);
    await modAgent.login(mod.user.username, mod.password);
    const kicked = new Promise<{ reason: string }>((r) => target.socket.once(OUT.forceKick, r));
    const res = await modAgent.post("/api/auth/chat/kick", {
      userId: target.member.user.id,
      reason: "cool off",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CHAT_MESSAGES.kicked(target.member.user.username) });
    expect(await kicked).toEqual({ reason: "cool off" });
    const left = await bystander.next<{ userId: string; username: string }>(
      OUT.userDisconnected,
      (p) => p.userId === target.member.user.id,
    );
    expect(left.username).toBe(target.member.user.username);
    // A kick is not a ban: the member may sign in and come back.
    const [row] = await room.t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, target.member.user.id));
    expect(row?.role).toBe("user");
  });

  it("bans an account: role banned, sessions ended, sockets closed, a system-ban line for the room", async () => {
    const target = await join();
    const bystander = await join();
    const admin = await buildAdmin(room.t.ctx.db);
    const adminAgent = new Agent(room.t.app);
    await adminAgent.login(admin.user.username, admin.password);
    const kicked = new Promise<{ reason: string }>((r) => target.socket.once(OUT.forceKick, r));
    const res = await adminAgent.post("/api/auth/chat/ban", {
      userId: target.member.user.id,
      reason: "spam",
    });
    expect(res.statusCode).toBe(200);
    expect((await kicked).reason).toMatch(/banned/i);
    const line = await bystander.next<ChatMessageView>(OUT.message, (m) => m.type === "system-ban");
    expect(line.message).toBe(CHAT_MESSAGES.banned(target.member.user.username));
    const [row] = await room.t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, target.member.user.id));
    expect(row).toMatchObject({ role: "banned", banReason: "spam", bannedBy: admin.user.id });
    const after = await target.agent.get("/api/auth/userNotifications");
    expect(after.statusCode).toBe(401);
  });

  it("refuses to kick oneself or an admin", async () => {
    const admin = await buildAdmin(room.t.ctx.db);
    const other = await buildAdmin(room.t.ctx.db);
    const agent = new Agent(room.t.app);
    await agent.login(admin.user.username, admin.password);
    const self = await agent.post("/api/auth/chat/kick", { userId: admin.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: CHAT_MESSAGES.cannotModerateSelf });
    const peer = await agent.post("/api/auth/chat/ban", { userId: other.user.id });
    expect(peer.statusCode).toBe(403);
    expect(peer.json()).toEqual({ message: CHAT_MESSAGES.cannotModerateAdmin });
  });
});

describe("announcements", () => {
  it("lets staff announce to everyone and keeps the last one for get-last-announcement", async () => {
    const admin = await buildAdmin(room.t.ctx.db);
    const a = await join(admin);
    const b = await join();
    b.socket.emit(ANNOUNCEMENT_CLIENT_EVENTS.send, { title: "hijack", message: "not staff" });
    expect(await b.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.notAllowed,
    });
    a.socket.emit(ANNOUNCEMENT_CLIENT_EVENTS.send, { title: "x".repeat(81), message: "too long" });
    expect((await a.next<{ event: string }>(OUT.error)).event).toBe(
      ANNOUNCEMENT_CLIENT_EVENTS.send,
    );
    a.socket.emit(ANNOUNCEMENT_CLIENT_EVENTS.send, {
      title: "  Tonight  ",
      message: "Live from 22:00",
    });
    const got = await b.next<Announcement>(ANNOUNCEMENT_SERVER_EVENTS.announcement);
    expect(got).toMatchObject({
      title: "Tonight",
      message: "Live from 22:00",
      from: admin.user.username,
    });
    const late = await join();
    late.socket.emit(ANNOUNCEMENT_CLIENT_EVENTS.getLast);
    expect(await late.next<Announcement>(ANNOUNCEMENT_SERVER_EVENTS.announcement)).toEqual(got);
  });
});

describe("admin chat stats and wipe", () => {
  it("counts the last 24 hours and wipes everything, telling the room", async () => {
    const a = await join();
    a.socket.emit(IN.message, { message: "one" });
    await a.next(OUT.message);
    a.socket.emit(IN.message, { message: "two" });
    await a.next(OUT.message);
    const admin = await buildAdmin(room.t.ctx.db);
    const agent = new Agent(room.t.app);
    await agent.login(admin.user.username, admin.password);
    expect((await a.agent.get("/api/auth/chat/stats")).statusCode).toBe(403);
    expect((await agent.get("/api/auth/chat/stats")).json()).toEqual({ last24h: 2 });
    expect((await a.agent.post("/api/auth/chat/clear")).statusCode).toBe(403);
    const wiped = a.next<{ deleted: number }>(OUT.wiped);
    const res = await agent.post("/api/auth/chat/clear");
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await wiped).toEqual({ deleted: 2 });
    expect(await room.t.ctx.db.select().from(chatMessages)).toHaveLength(0);
  });
});
