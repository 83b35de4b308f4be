import {
  ADMIN_API,
  ADMIN_DELETE_MESSAGES,
  AUTH_MESSAGES,
  BROADCAST_EVENTS,
  CHAT_SERVER_EVENTS,
  DEFAULT_PROFILE_IMAGE,
  HTTP_MESSAGES,
  type MessageView,
  type PostView,
  type ScheduleAnswer,
  ticketAdminLabel,
} from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { databaseFingerprint } from "../../../../test/db-fingerprint.ts";
import { buildDjApplication } from "../../../../test/factories/dj.ts";
import { buildConversation, buildMessage } from "../../../../test/factories/messages.ts";
import { buildPost } from "../../../../test/factories/posts.ts";
import { buildBooking } from "../../../../test/factories/schedule.ts";
import { buildTicket, buildTicketMessage } from "../../../../test/factories/tickets.ts";
import {
  buildAdmin,
  buildBlock,
  buildFollow,
  buildFollowRequest,
  buildIpBan,
  buildModerator,
  buildUser,
} from "../../../../test/factories.ts";
import { jpegWithGps, pngImage } from "../../../../test/images.ts";
import { type SignedInMember, signInMember } from "../../../../test/members.ts";
import { memberSocket } from "../../../../test/sockets.ts";
import { uploads } from "../../../platform/storage/schema.ts";
import { ipBans } from "../../auth/schema.ts";
import { chatMessages } from "../../chat/schema.ts";
import { saveChatMessage, toggleChatLike } from "../../chat/store.ts";
import { djApplications, djCredentials } from "../../dj/schema.ts";
import { notifications } from "../../notifications/schema.ts";
import { comments, posts } from "../../posts/schema.ts";
import { conversations } from "../../private-messages/schema.ts";
import { readLiveState, recordDjOn } from "../../radio/live.ts";
import { ticketMessages, tickets } from "../../tickets/schema.ts";
import { saveImageUpload, setCoverPhoto, setProfilePicture } from "../../uploads/service.ts";
import { users } from "../../users/schema.ts";
import { deleteAccountRefusal } from "./delete-account.ts";

let t: TestApp;
let baseUrl: string;
let admin: SignedInMember;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  admin = await signInMember(t, buildAdmin);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const deleteAccount = (agent: Agent, id: string) => agent.post(ADMIN_API.userDelete(id));

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Every (table, row) whose text holds `needle` in any column, over every table but `except`. */
async function rowsMentioning(needle: string, except: string[] = []) {
  const tables = rowsOf<{ table_name: string }>(
    await t.ctx.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const found: { table: string; row: string }[] = [];
  for (const { table_name: name } of tables) {
    if (except.includes(name)) continue;
    const rows = rowsOf<{ row: string }>(
      await t.ctx.db.execute(
        sql`select r::text as row from ${sql.identifier(name)} r
            where strpos(lower(r::text), lower(${needle})) > 0`,
      ),
    );
    for (const r of rows) found.push({ table: name, row: r.row });
  }
  return found;
}

/** Every foreign-key column that points at users.id, with how many rows hold `id` there. */
async function foreignKeyReferences(id: string) {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.ctx.db.execute(
      sql`select kcu.table_name, kcu.column_name
          from information_schema.referential_constraints rc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
          where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = 'public'
          order by kcu.table_name, kcu.column_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const c of columns) {
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)} = ${id}`,
      ),
    );
    counts[`${c.table_name}.${c.column_name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

const keyOf = (url: string) => {
  const key = t.ctx.storage.keyFromUrl(url);
  if (!key) throw new Error(`not an upload: ${url}`);
  return key;
};
const stored = async (url: string) => (await t.ctx.storage.head(keyOf(url))) !== null;

async function getPost(agent: Agent, id: string): Promise<PostView> {
  const res = await agent.get(`/api/auth/post/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

function expectOk(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("deleting an account", () => {
  it("who may: only an Admin, never their own account (pure policy)", () => {
    const table = [
      { actor: null, target: "x", refusal: "forbidden" },
      { actor: { id: "m", role: "user" }, target: "x", refusal: "forbidden" },
      { actor: { id: "m", role: "Moderator" }, target: "x", refusal: "forbidden" },
      { actor: { id: "m", role: "banned" }, target: "x", refusal: "forbidden" },
      { actor: { id: "a", role: "Admin" }, target: "a", refusal: "self" },
      { actor: { id: "a", role: "admin" }, target: "x", refusal: null },
      { actor: { id: "a", role: "Admin" }, target: "x", refusal: null },
    ] as const;
    for (const row of table) {
      expect({ ...row, got: deleteAccountRefusal(row.actor, row.target) }).toEqual({
        ...row,
        got: row.refusal,
      });
    }
  });

  it("removes or anonymises everything of a rich member, keeps others' data right, and leaves no reference", async () => {
    const db = t.ctx.db;
    const victim = await signInMember(t, buildUser);
    const bob = await signInMember(t, buildUser);
    const carol = await signInMember(t, buildUser);
    const a = victim.user;

    // Pictures and a post with an image, stored files all of them.
    const profile = (await setProfilePicture(t.ctx, a, await jpegWithGps())).profileimage;
    const cover = (await setCoverPhoto(t.ctx, a, await pngImage())).coverphoto;
    const postImage = await saveImageUpload(t.ctx, a.id, "post", await pngImage());
    const chatImage = await saveImageUpload(t.ctx, a.id, "temp", await pngImage());
    const ownPost = await buildPost(db, a.id, { image: postImage.url, ageMs: 60_000 });
    // Bob's own picture stays: it is not the deleted member's.
    const bobPicture = (await setProfilePicture(t.ctx, bob.user, await pngImage())).profileimage;
    // Bob's post with an image on the victim's page goes with the page, and its file with it.
    const bobImage = await saveImageUpload(t.ctx, bob.user.id, "post", await pngImage());
    const onTheirPage = await buildPost(db, bob.user.id, {
      profileOwnerId: a.id,
      image: bobImage.url,
    });

    // Bob's post: liked first by the victim, then by Carol; commented, reported by both.
    const bobPost = await buildPost(db, bob.user.id, { ageMs: 120_000 });
    expectOk(await victim.agent.post("/api/auth/likePost", { postId: bobPost.id }));
    expectOk(await carol.agent.post("/api/auth/likePost", { postId: bobPost.id }));
    expectOk(
      await victim.agent.post("/api/auth/commentPost", { postid: bobPost.id, comment: "Mine" }),
    );
    const carolComment = (
      await carol.agent.post("/api/auth/commentPost", { postid: bobPost.id, comment: "Tune" })
    ).json().commentId as string;
    for (const agent of [victim.agent, bob.agent]) {
      expectOk(
        await agent.post("/api/auth/likeComment", { postId: bobPost.id, commentId: carolComment }),
      );
    }
    for (const agent of [victim.agent, carol.agent]) {
      expectOk(await agent.post("/api/auth/reportPost", { postId: bobPost.id, reason: "spam" }));
    }
    // The victim shares Bob's post; Carol shares the victim's post.
    expectOk(await victim.agent.post("/api/auth/sharePost", { originalPostId: bobPost.id }));
    const carolShare = (
      await carol.agent.post("/api/auth/sharePost", { originalPostId: ownPost.id })
    ).json()._id as string;
    // Bob comments on the victim's post and Carol likes that comment: Bob's notification of the
    // like is about the victim's post.
    const bobComment = (
      await bob.agent.post("/api/auth/commentPost", { postid: ownPost.id, comment: "Nice" })
    ).json().commentId as string;
    expectOk(
      await carol.agent.post("/api/auth/likeComment", {
        postId: ownPost.id,
        commentId: bobComment,
      }),
    );
    expectOk(await bob.agent.post("/api/auth/likePost", { postId: ownPost.id }));

    // Follows both ways, a follow request, a block.
    await buildFollow(db, a, bob.user);
    await buildFollow(db, carol.user, a);
    await buildFollowRequest(db, bob.user, a);
    await buildBlock(db, a, admin.user);

    // Private messages: one to one with Bob; a group with Bob and Carol whose last line is theirs.
    const direct = await buildConversation(db, [a.id, bob.user.id]);
    await buildMessage(db, direct.id, a.id, { body: "Hi Bob", ageMs: 3000 });
    await buildMessage(db, direct.id, bob.user.id, { body: "Hi!", ageMs: 2000 });
    const group = await buildConversation(db, [a.id, bob.user.id, carol.user.id]);
    await buildMessage(db, group.id, bob.user.id, { body: "Who's on tonight?", ageMs: 2000 });
    await buildMessage(db, group.id, a.id, { body: "Me, from ten", ageMs: 1000 });

    // A ticket, a DJ application approved (credentials), a permanent booking.
    const ticket = await buildTicket(db, a.id);
    await buildTicketMessage(db, ticket.id, { senderId: a.id, sender: a.username });
    const application = await buildDjApplication(db, a.id);
    expectOk(await admin.agent.post(ADMIN_API.approveDj, { applicationId: application.id }));
    await buildBooking(db, a, { day: 2, hour: 21, weekStart: "2026-01-05", perm: true });

    // Chat: a line, an image of theirs, Bob's reply quoting them, their like of Bob's line.
    const line = await saveChatMessage(db, {
      clientId: 1,
      senderId: a.id,
      username: a.username,
      profileimage: profile,
      type: "message",
      message: "Big up the station",
      usernameStyle: { profileAnimation: "pulse" },
    });
    await saveChatMessage(db, {
      clientId: 2,
      senderId: a.id,
      username: a.username,
      profileimage: profile,
      type: "image",
      message: chatImage.url,
    });
    const reply = await saveChatMessage(db, {
      clientId: 3,
      senderId: bob.user.id,
      username: bob.user.username,
      profileimage: bobPicture,
      type: "message",
      message: "Same!",
      replyTo: { id: line._id, username: a.username, message: line.message },
    });
    await toggleChatLike(db, reply._id, a.id);

    // An IP banned together with the account.
    await buildIpBan(db, { ip: "203.0.113.77", userId: a.id, bannedBy: admin.user.id });

    // Their open real-time connection.
    const socket = await memberSocket(baseUrl, `aw_sid=${victim.agent.cookie("aw_sid")}`, sockets);
    const kicked = new Promise<unknown>((resolve) =>
      socket.once(CHAT_SERVER_EVENTS.forceKick, resolve),
    );
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    // Bob's open schedule page hears that the week changed (their booking went).
    const watcher = await memberSocket(baseUrl, `aw_sid=${bob.agent.cookie("aw_sid")}`, sockets);
    const scheduleChanged = new Promise<unknown>((resolve) =>
      watcher.once(BROADCAST_EVENTS.scheduleChanged, resolve),
    );

    const before = await getPost(bob.agent, bobPost.id);
    expect(before.likeCount).toBe(2);
    expect(before.likes.map((l) => l.user)).toEqual([a.id, carol.user.id]);
    expect(before.commentCount).toBe(2);
    const theirUploadKeys = (
      await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.ownerId, a.id))
    ).map((u) => u.key);
    expect(theirUploadKeys).toHaveLength(4);

    // The checks below see references when there are some.
    const referencedBefore = await foreignKeyReferences(a.id);
    expect(Object.values(referencedBefore).filter((n) => n > 0).length).toBeGreaterThan(15);
    const tablesBefore = new Set((await rowsMentioning(a.username)).map((r) => r.table));
    expect(tablesBefore).toContain("chat_messages");

    // The deletion.
    const res = await deleteAccount(admin.agent, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_DELETE_MESSAGES.deleted });

    // Their sockets were told and closed; their session is over; they cannot sign in.
    expect(await kicked).toEqual({ reason: ADMIN_DELETE_MESSAGES.accountDeleted });
    expect(await scheduleChanged).toEqual({ day: null });
    expect(await closed).toBe("io server disconnect");
    const after = await victim.agent.get("/api/auth/userdata");
    expect(after.statusCode).toBe(401);
    const login = await new Agent(t.app).post("/api/auth/login", {
      username: a.username,
      password: victim.password,
    });
    expect(login.statusCode).not.toBe(200);
    expect(login.json().message).toBe(AUTH_MESSAGES.loginInvalid);

    // Bob's post: count and first likers without them; comments and reports counted again.
    const bobView = await getPost(bob.agent, bobPost.id);
    expect(bobView.likeCount).toBe(1);
    expect(bobView.likes).toEqual([{ user: carol.user.id, date: expect.any(String) }]);
    expect(bobView.likes[0]?.date).toBe(before.likes[1]?.date);
    expect(bobView.commentCount).toBe(1);
    expect(bobView.comments.map((c) => c.commentId)).toEqual([carolComment]);
    expect(bobView.comments[0]?.likeCount).toBe(1);
    const [bobRow] = await db.select().from(posts).where(eq(posts.id, bobPost.id));
    expect(bobRow?.reportCount).toBe(1);
    const likers = (await bob.agent.get("/api/auth/postLikes", { postId: bobPost.id })).json();
    expect(likers.users.map((u: { _id?: string; id?: string }) => u._id ?? u.id)).toEqual([
      carol.user.id,
    ]);
    expect(likers.total).toBe(1);

    // Their posts and the posts on their page are gone; Carol's share remains, its original not.
    const gone = await db
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${posts.id} in (${ownPost.id}, ${onTheirPage.id})`);
    expect(gone).toEqual([]);
    expect(await db.select().from(posts).where(eq(posts.authorId, a.id))).toEqual([]);
    const share = await getPost(carol.agent, carolShare);
    expect(share.originalPost).toBeNull();
    expect(share.originalResolved).toBeNull();
    expect(await db.select().from(comments).where(eq(comments.id, bobComment))).toEqual([]);
    // No notification points at a post that went.
    expect(
      await db
        .select()
        .from(notifications)
        .where(sql`${notifications.postId} in (${ownPost.id}, ${onTheirPage.id})`),
    ).toEqual([]);

    // Their files are gone from storage and from the uploads table; Bob's image on their page too.
    for (const url of [profile, cover, postImage.url, chatImage.url, bobImage.url]) {
      expect({ url, stored: await stored(url) }).toEqual({ url, stored: false });
    }
    for (const key of [...theirUploadKeys, keyOf(bobImage.url)]) {
      expect(await db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    }
    expect(await stored(bobPicture)).toBe(true);

    // Private messages: the one-to-one conversation is gone; the group goes on without them.
    expect(await db.select().from(conversations).where(eq(conversations.id, direct.id))).toEqual(
      [],
    );
    const list = (await bob.agent.get("/api/auth/pm/conversations")).json().conversations as {
      _id: string;
      participants: { _id: string }[];
      lastMessage: { sender: string | null; body: string } | null;
    }[];
    expect(list.map((c) => c._id)).toEqual([group.id]);
    expect(list[0]?.participants.map((p) => p._id).sort()).toEqual(
      [bob.user.id, carol.user.id].sort(),
    );
    expect(list[0]?.lastMessage).toMatchObject({ sender: null, body: "Me, from ten" });
    const thread = (await carol.agent.get(`/api/auth/pm/conversations/${group.id}/messages`)).json()
      .messages as MessageView[];
    expect(thread.map((m) => [m.sender, m.body])).toEqual([
      [bob.user.id, "Who's on tonight?"],
      [null, "Me, from ten"],
    ]);
    // Bob and Carol can still talk there.
    expect(
      (
        await carol.agent.post(`/api/auth/pm/conversations/${group.id}/messages`, {
          body: "See you then",
        })
      ).statusCode,
    ).toBeLessThan(300);

    // Chat: their line stays, anonymised; their image goes; Bob's quote names a deleted member.
    const chat = await db.select().from(chatMessages).orderBy(chatMessages.clientId);
    expect(chat.map((m) => [m.clientId, m.senderId, m.username, m.profileimage])).toEqual([
      [1, null, ADMIN_DELETE_MESSAGES.deletedMember, DEFAULT_PROFILE_IMAGE],
      [3, bob.user.id, bob.user.username, bobPicture],
    ]);
    expect(chat[0]?.usernameStyle).toBeNull();
    expect(chat[0]?.message).toBe("Big up the station");
    expect(chat[1]?.replyTo).toEqual({
      id: line._id,
      username: ADMIN_DELETE_MESSAGES.deletedMember,
      message: line.message,
    });

    // Ticket, DJ application and credentials are gone; the booked slot is free again.
    expect(await db.select().from(tickets).where(eq(tickets.id, ticket.id))).toEqual([]);
    expect(await db.select().from(djApplications)).toEqual([]);
    expect(await db.select().from(djCredentials)).toEqual([]);
    const schedule = (await bob.agent.get("/api/auth/schedule")).json() as ScheduleAnswer;
    const slot = schedule.days[2]?.slots.find((s) => s._id === "2-21");
    expect(slot?.djId ?? null).toBeNull();
    expect(slot?.djName ?? null).toBeNull();

    // The IP stays banned, now as a plain IP ban.
    const [ban] = await db.select().from(ipBans).where(eq(ipBans.ip, "203.0.113.77"));
    expect(ban).toMatchObject({ userId: null, bannedBy: admin.user.id });

    // No row anywhere holds their id (the request log holds the admin's call path) or their name.
    expect(Object.values(await foreignKeyReferences(a.id)).every((n) => n === 0)).toBe(true);
    expect(Object.keys(await foreignKeyReferences(a.id)).length).toBeGreaterThan(20);
    expect(await rowsMentioning(a.id, ["traffic_log"])).toEqual([]);
    expect(await rowsMentioning(a.username, ["traffic_log"])).toEqual([]);

    // The username and the radio name are free again: a new member by that name can be a DJ.
    const again = await buildUser(db, { username: a.username });
    const app2 = await buildDjApplication(db, again.user.id);
    expectOk(await admin.agent.post(ADMIN_API.approveDj, { applicationId: app2.id }));
    const [creds] = await db.select().from(djCredentials);
    expect(creds).toMatchObject({ userId: again.user.id, radioUsername: a.username.toLowerCase() });
  });

  it("likes and comments others make while the deletion runs are all counted", async () => {
    const db = t.ctx.db;
    const victim = await signInMember(t, buildUser);
    const author = await buildUser(db);
    const post = await buildPost(db, author.user.id);
    expectOk(await victim.agent.post("/api/auth/likePost", { postId: post.id }));
    expectOk(await victim.agent.post("/api/auth/commentPost", { postid: post.id, comment: "Hi" }));
    const others = await Promise.all([1, 2, 3, 4].map(() => signInMember(t, buildUser)));

    const [deleted, ...answers] = await Promise.all([
      deleteAccount(admin.agent, victim.user.id),
      ...others.map((o) => o.agent.post("/api/auth/likePost", { postId: post.id })),
      ...others.map((o) =>
        o.agent.post("/api/auth/commentPost", { postid: post.id, comment: "Yo" }),
      ),
    ]);
    expect(deleted?.statusCode).toBe(200);
    for (const res of answers) expectOk(res);

    const view = await getPost(others[0]?.agent ?? admin.agent, post.id);
    expect(view.likeCount).toBe(4);
    expect(view.likes.map((l) => l.user).sort()).toEqual(others.map((o) => o.user.id).sort());
    expect(view.commentCount).toBe(4);
  });

  it("deleting a former admin keeps what they did for others, under no name", async () => {
    const db = t.ctx.db;
    const former = await buildAdmin(db);
    const member = await buildUser(db);
    const banned = await buildUser(db, {
      role: "banned",
      banReason: "Flooding",
      bannedAt: new Date(),
      bannedBy: former.user.id,
    });
    // Their reply on a member's ticket, a DJ decision, a booking made for a DJ, a live broadcast.
    const ticket = await buildTicket(db, member.user.id);
    const replyRow = await buildTicketMessage(db, ticket.id, {
      senderId: former.user.id,
      sender: ticketAdminLabel(former.user.username),
    });
    const decided = await buildDjApplication(db, member.user.id, {
      status: "rejected",
      decidedAt: new Date(),
      decidedBy: former.user.id,
    });
    const dj = await buildUser(db, { isDj: true });
    await db.execute(
      sql`insert into schedule_bookings (id, day, hour, dj_id, week_start, perm, booked_by)
          values (gen_random_uuid()::text, 4, 20, ${dj.user.id}, '2026-01-05', true, ${former.user.id})`,
    );
    await db.insert(djCredentials).values({
      userId: former.user.id,
      radioUsername: former.user.username.toLowerCase(),
      radioPasswordEncrypted: "x",
    });
    await recordDjOn(t.ctx, former.user.username, Date.now());
    expect((await readLiveState(t.ctx))?.userId).toBe(former.user.id);
    await buildIpBan(db, { ip: "198.51.100.44", bannedBy: former.user.id });

    const res = await deleteAccount(admin.agent, former.user.id);
    expect(res.statusCode).toBe(200);

    const [replyAfter] = await db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.id, replyRow.id));
    expect(replyAfter).toMatchObject({
      senderId: null,
      sender: ticketAdminLabel(ADMIN_DELETE_MESSAGES.deletedMember),
      content: replyRow.content,
    });
    // The member still sees it as the station's answer.
    const memberAgent = new Agent(t.app);
    await memberAgent.login(member.user.username, member.password);
    const ticketView = (await memberAgent.get("/api/auth/getUserTickets")).json();
    const messages = JSON.stringify(ticketView);
    expect(messages).toContain(ticketAdminLabel(ADMIN_DELETE_MESSAGES.deletedMember));

    const [bannedAfter] = await db.select().from(users).where(eq(users.id, banned.user.id));
    expect(bannedAfter).toMatchObject({ role: "banned", banReason: "Flooding", bannedBy: null });
    const [decidedAfter] = await db
      .select()
      .from(djApplications)
      .where(eq(djApplications.id, decided.id));
    expect(decidedAfter).toMatchObject({ status: "rejected", decidedBy: null });
    const booking = (await memberAgent.get("/api/auth/schedule")).json() as ScheduleAnswer;
    expect(booking.days[4]?.slots.find((s) => s._id === "4-20")?.djId).toBe(dj.user.id);
    const live = await readLiveState(t.ctx);
    expect(live).toMatchObject({ userId: null });
    const [ipBan] = await db.select().from(ipBans).where(eq(ipBans.ip, "198.51.100.44"));
    expect(ipBan).toMatchObject({ bannedBy: null });
    expect(await rowsMentioning(former.user.id, ["traffic_log"])).toEqual([]);
  });

  it("a second call on the deleted (or any unknown) id answers 404", async () => {
    const { user } = await buildUser(t.ctx.db);
    expect((await deleteAccount(admin.agent, user.id)).statusCode).toBe(200);
    const other = await signInMember(t, buildAdmin);
    for (const id of [user.id, "no-such-user"]) {
      const res = await deleteAccount(other.agent, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ADMIN_DELETE_MESSAGES.userNotFound });
    }
  });

  it("refuses an admin's own account with 400, nothing changed", async () => {
    const before = await databaseFingerprint(t.ctx.db);
    const res = await deleteAccount(admin.agent, admin.user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ADMIN_DELETE_MESSAGES.cannotDeleteSelf });
    expect(await databaseFingerprint(t.ctx.db)).toEqual(before);
    expect((await admin.agent.get("/api/auth/userdata")).statusCode).toBe(200);
  });

  it("refuses a member and a Moderator (403) and a visitor (401), nothing changed", async () => {
    const target = await buildUser(t.ctx.db);
    await buildPost(t.ctx.db, target.user.id);
    const member = await signInMember(t, buildUser);
    const moderator = await signInMember(t, buildModerator);
    const before = await databaseFingerprint(t.ctx.db);
    for (const agent of [member.agent, moderator.agent]) {
      const res = await deleteAccount(agent, target.user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
    }
    const visitor = await deleteAccount(new Agent(t.app), target.user.id);
    expect(visitor.statusCode).toBe(401);
    expect(await databaseFingerprint(t.ctx.db)).toEqual(before);
    const targetAgent = new Agent(t.app);
    await targetAgent.login(target.user.username, target.password);
    expect((await targetAgent.get("/api/auth/userdata")).statusCode).toBe(200);
  });

  it("an error in the middle changes nothing and removes no file", async () => {
    const { user } = await buildUser(t.ctx.db);
    const picture = (await setProfilePicture(t.ctx, user, await pngImage())).profileimage;
    await buildPost(t.ctx.db, user.id);
    const before = await databaseFingerprint(t.ctx.db);
    // The storage's URL helper runs inside the transaction (chat images): make it fail once.
    const publicUrl = t.ctx.storage.publicUrl;
    t.ctx.storage.publicUrl = () => {
      throw new Error("storage is down");
    };
    try {
      const res = await deleteAccount(admin.agent, user.id);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(HTTP_MESSAGES.internal);
    } finally {
      t.ctx.storage.publicUrl = publicUrl;
    }
    expect(await databaseFingerprint(t.ctx.db)).toEqual(before);
    expect(await stored(picture)).toBe(true);
    expect((await deleteAccount(admin.agent, user.id)).statusCode).toBe(200);
    expect(await stored(picture)).toBe(false);
  });
});
