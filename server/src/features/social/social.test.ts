import {
  type BasicUser,
  type NotificationView,
  SOCIAL_MESSAGES,
  USER_EVENTS,
  USER_MESSAGES,
  userRoom,
} from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import {
  buildAdmin,
  buildBannedUser,
  buildBlock,
  buildFollow,
  buildFollowRequest,
  buildPrivateUser,
  buildUser,
} from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import type { UserRow } from "../users/schema.ts";
import { users } from "../users/schema.ts";
import { blocks, followRequests, follows } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

interface Member {
  user: UserRow;
  agent: Agent;
}

/** A member signed in with their own browser. */
const member = (build: typeof buildUser = buildUser): Promise<Member> => signInMember(t, build);

async function notificationsOf(m: Member): Promise<NotificationView[]> {
  const res = await m.agent.get("/api/auth/userNotifications");
  expect(res.statusCode).toBe(200);
  return res.json().notifications;
}

const isFollowing = (a: UserRow, b: UserRow) =>
  countRows(t.ctx.db, follows, and(eq(follows.followerId, a.id), eq(follows.followedId, b.id)));
const hasRequested = (a: UserRow, b: UserRow) =>
  countRows(
    t.ctx.db,
    followRequests,
    and(eq(followRequests.requesterId, a.id), eq(followRequests.targetId, b.id)),
  );

const ids = (list: BasicUser[]) => list.map((u) => u.id);

describe("POST /api/auth/followUser", () => {
  it("follows a public profile at once and notifies it with type follow", async () => {
    const fan = await member();
    const dj = await member();
    const res = await fan.agent.post("/api/auth/followUser", { followed: dj.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "following" });
    expect(await isFollowing(fan.user, dj.user)).toBe(1);

    const [n, ...rest] = await notificationsOf(dj);
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      type: "follow",
      fromId: fan.user.id,
      from: fan.user.username,
      read: false,
    });
    expect(await notificationsOf(fan)).toEqual([]);
  });

  it("asks to follow a private profile: a request, notified as follow-request, no follow yet", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    const res = await fan.agent.post("/api/auth/followUser", { followed: shy.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "requested" });
    expect(await isFollowing(fan.user, shy.user)).toBe(0);
    expect(await hasRequested(fan.user, shy.user)).toBe(1);

    const notes = await notificationsOf(shy);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "follow-request",
      fromId: fan.user.id,
      requesterId: fan.user.id,
    });

    // Asking again answers the same and does not notify twice.
    const again = await fan.agent.post("/api/auth/followUser", { followed: shy.user.id });
    expect(again.json()).toEqual({ status: "requested" });
    expect(await notificationsOf(shy)).toHaveLength(1);
    expect(await hasRequested(fan.user, shy.user)).toBe(1);
  });

  it("refuses following oneself (400) and writes nothing", async () => {
    const me = await member();
    const res = await me.agent.post("/api/auth/followUser", { followed: me.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.cannotFollowSelf });
    expect(await isFollowing(me.user, me.user)).toBe(0);
  });

  it("refuses following twice with 400 alreadyFollowing", async () => {
    const fan = await member();
    const dj = await member();
    await buildFollow(t.ctx.db, fan.user, dj.user);
    const res = await fan.agent.post("/api/auth/followUser", { followed: dj.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.alreadyFollowing });
    expect(await notificationsOf(dj)).toEqual([]);
  });

  it("refuses across a block in either direction with 403 blocked", async () => {
    const a = await member();
    const b = await member();
    await buildBlock(t.ctx.db, b.user, a.user);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await from.agent.post("/api/auth/followUser", { followed: to.user.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.blocked });
      expect(await isFollowing(from.user, to.user)).toBe(0);
      expect(await hasRequested(from.user, to.user)).toBe(0);
    }
  });

  it("answers 404 for an unknown member and 400 for a missing one", async () => {
    const fan = await member();
    const unknown = await fan.agent.post("/api/auth/followUser", { followed: "no-such-user" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SOCIAL_MESSAGES.userNotFound });
    const empty = await fan.agent.post("/api/auth/followUser", { followed: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: SOCIAL_MESSAGES.userNotFound });
  });

  it("follows at once a profile that turned public while a request was pending, settling the request", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    await fan.agent.post("/api/auth/followUser", { followed: shy.user.id });
    await shy.agent.post("/api/auth/privacy/set", { isPrivate: false });

    const res = await fan.agent.post("/api/auth/followUser", { followed: shy.user.id });
    expect(res.json()).toEqual({ status: "following" });
    expect(await hasRequested(fan.user, shy.user)).toBe(0);
    expect((await notificationsOf(shy)).map((n) => n.type)).toEqual(["follow"]);
  });
});

describe("POST /api/auth/unfollowUser", () => {
  it("ends a follow", async () => {
    const fan = await member();
    const dj = await member();
    await buildFollow(t.ctx.db, fan.user, dj.user);
    const res = await fan.agent.post("/api/auth/unfollowUser", { followed: dj.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await isFollowing(fan.user, dj.user)).toBe(0);
  });

  it("answers 400 notFollowing when there is nothing to end", async () => {
    const fan = await member();
    const dj = await member();
    const res = await fan.agent.post("/api/auth/unfollowUser", { followed: dj.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.notFollowing });
  });
});

describe("follow requests: accept, decline, cancel", () => {
  async function pendingPair() {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    const res = await fan.agent.post("/api/auth/followUser", { followed: shy.user.id });
    expect(res.json()).toEqual({ status: "requested" });
    return { fan, shy };
  }

  it("accept: the follow exists, the request and its notification are gone, the requester is told", async () => {
    const { fan, shy } = await pendingPair();
    const publish = vi.spyOn(t.ctx.realtime, "publish");

    const res = await shy.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await isFollowing(fan.user, shy.user)).toBe(1);
    expect(await hasRequested(fan.user, shy.user)).toBe(0);
    expect(await notificationsOf(shy)).toEqual([]);

    const [accepted, ...rest] = await notificationsOf(fan);
    expect(rest).toEqual([]);
    expect(accepted).toMatchObject({ type: "follow-accepted", fromId: shy.user.id });

    expect(publish).toHaveBeenCalledWith(
      USER_EVENTS.followRequestsChanged,
      { userId: shy.user.id },
      { rooms: [userRoom(shy.user.id), userRoom(fan.user.id)] },
    );
    expect(publish).toHaveBeenCalledWith(
      USER_EVENTS.notification,
      expect.objectContaining({ type: "follow-accepted", fromId: shy.user.id }),
      { room: userRoom(fan.user.id) },
    );

    // The requester now sees the private profile's lists.
    const lists = await fan.agent.get("/api/auth/getfollowers", { id: shy.user.id });
    expect(lists.statusCode).toBe(200);
    expect(ids(lists.json().users)).toEqual([fan.user.id]);
  });

  it("accept twice at once (double click): one follow, one notification, the other click 400", async () => {
    const { fan, shy } = await pendingPair();
    const [a, b] = await Promise.all([
      shy.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id }),
      shy.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json()).toEqual({ message: SOCIAL_MESSAGES.alreadyFollowing });
    expect(await isFollowing(fan.user, shy.user)).toBe(1);
    expect((await notificationsOf(fan)).filter((n) => n.type === "follow-accepted")).toHaveLength(
      1,
    );
  });

  it("accept without a pending request answers 400 noPendingRequest", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    const res = await shy.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.noPendingRequest });
    expect(await isFollowing(fan.user, shy.user)).toBe(0);
  });

  it("accept when already following answers 400 alreadyFollowing and removes a stale request", async () => {
    const fan = await member();
    const shy = await member(buildPrivateUser);
    await buildFollow(t.ctx.db, fan.user, shy.user);
    await buildFollowRequest(t.ctx.db, fan.user, shy.user);
    const res = await shy.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.alreadyFollowing });
    expect(await hasRequested(fan.user, shy.user)).toBe(0);
    expect(await isFollowing(fan.user, shy.user)).toBe(1);
  });

  it("decline: no follow, the request and its notification are gone; a second decline is 400", async () => {
    const { fan, shy } = await pendingPair();
    const res = await shy.agent.post("/api/auth/follow/decline", { requesterId: fan.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await isFollowing(fan.user, shy.user)).toBe(0);
    expect(await hasRequested(fan.user, shy.user)).toBe(0);
    expect(await notificationsOf(shy)).toEqual([]);
    expect(await notificationsOf(fan)).toEqual([]);

    const again = await shy.agent.post("/api/auth/follow/decline", { requesterId: fan.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SOCIAL_MESSAGES.noPendingRequest });
  });

  it("cancel: the requester withdraws; the target's notification is cleared; a second cancel is 400", async () => {
    const { fan, shy } = await pendingPair();
    const publish = vi.spyOn(t.ctx.realtime, "publish");
    const res = await fan.agent.post("/api/auth/follow/cancel", { targetId: shy.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await hasRequested(fan.user, shy.user)).toBe(0);
    expect(await notificationsOf(shy)).toEqual([]);
    expect(publish).toHaveBeenCalledWith(
      USER_EVENTS.followRequestsChanged,
      { userId: shy.user.id },
      { rooms: [userRoom(shy.user.id), userRoom(fan.user.id)] },
    );

    const again = await fan.agent.post("/api/auth/follow/cancel", { targetId: shy.user.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SOCIAL_MESSAGES.noPendingRequest });
  });

  it("only the target can accept: the requester cannot accept their own request", async () => {
    const { fan, shy } = await pendingPair();
    const res = await fan.agent.post("/api/auth/follow/accept", { requesterId: fan.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SOCIAL_MESSAGES.noPendingRequest });
    expect(await isFollowing(fan.user, shy.user)).toBe(0);
    expect(await hasRequested(fan.user, shy.user)).toBe(1);
  });
});

describe("GET /api/auth/getfollowers and /getfollowing", () => {
  it("lists BasicUsers newest first, by id or by username in any case", async () => {
    const dj = await member();
    const older = await buildUser(t.ctx.db);
    const newer = await buildUser(t.ctx.db);
    const followed = await buildUser(t.ctx.db);
    await buildFollow(t.ctx.db, older.user, dj.user, { ageMs: 60_000 });
    await buildFollow(t.ctx.db, newer.user, dj.user);
    await buildFollow(t.ctx.db, dj.user, followed.user);
    const viewer = await member();

    for (const id of [dj.user.id, dj.user.username.toUpperCase()]) {
      const res = await viewer.agent.get("/api/auth/getfollowers", { id });
      expect(res.statusCode).toBe(200);
      const list: BasicUser[] = res.json().users;
      expect(ids(list)).toEqual([newer.user.id, older.user.id]);
      expect(list[0]).toEqual({
        _id: newer.user.id,
        id: newer.user.id,
        username: newer.user.username,
        profileimage: newer.user.profileimage,
        isDj: false,
        role: "user",
      });
      expect(res.body).not.toContain(newer.user.email);
    }
    const following = await viewer.agent.get("/api/auth/getfollowing", { id: dj.user.id });
    expect(ids(following.json().users)).toEqual([followed.user.id]);

    // Without an id: one's own lists.
    const own = await dj.agent.get("/api/auth/getfollowers");
    expect(ids(own.json().users)).toEqual([newer.user.id, older.user.id]);
  });

  it("refuses a private profile's lists to non-followers (403 profilePrivate), serves them to followers and the owner", async () => {
    const shy = await member(buildPrivateUser);
    const follower = await member();
    const stranger = await member();
    await buildFollow(t.ctx.db, follower.user, shy.user);

    for (const path of ["/api/auth/getfollowers", "/api/auth/getfollowing"]) {
      const refused = await stranger.agent.get(path, { id: shy.user.id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: USER_MESSAGES.profilePrivate });
      expect((await follower.agent.get(path, { id: shy.user.id })).statusCode).toBe(200);
      expect((await shy.agent.get(path, { id: shy.user.id })).statusCode).toBe(200);
    }
  });

  it("refuses the lists across a block, either way (403)", async () => {
    const blocker = await member();
    const blocked = await member();
    await buildBlock(t.ctx.db, blocker.user, blocked.user);
    const a = await blocked.agent.get("/api/auth/getfollowers", { id: blocker.user.id });
    expect(a.statusCode).toBe(403);
    expect(a.json()).toEqual({ message: USER_MESSAGES.blockedProfile });
    const b = await blocker.agent.get("/api/auth/getfollowing", { id: blocked.user.id });
    expect(b.statusCode).toBe(403);
    expect(b.json()).toEqual({ message: SOCIAL_MESSAGES.blocked });
  });

  it("answers 404 for an unknown member and 403 for a banned one", async () => {
    const viewer = await member();
    const banned = await buildBannedUser(t.ctx.db);
    const unknown = await viewer.agent.get("/api/auth/getfollowers", { id: "nobody_here" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: USER_MESSAGES.userNotFound });
    const res = await viewer.agent.get("/api/auth/getfollowers", { id: banned.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: USER_MESSAGES.userBanned, banned: true });
  });
});

describe("POST /api/auth/privacy/set", () => {
  it("switches the own profile private and back", async () => {
    const me = await member();
    const on = await me.agent.post("/api/auth/privacy/set", { isPrivate: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ isPrivate: true });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.isPrivate).toBe(true);
    const off = await me.agent.post("/api/auth/privacy/set", { isPrivate: false });
    expect(off.json()).toEqual({ isPrivate: false });
  });

  it("refuses a non-boolean with 400 and changes nothing", async () => {
    const me = await member();
    const res = await me.agent.post("/api/auth/privacy/set", { isPrivate: "yes" });
    expect(res.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.isPrivate).toBe(false);
  });
});

describe("POST /api/auth/blockUser and /unblockUser", () => {
  it("blocks, removing follows and follow requests both ways (and the request notifications)", async () => {
    const a = await member();
    const b = await member(buildPrivateUser);
    await buildFollow(t.ctx.db, b.user, a.user);
    await a.agent.post("/api/auth/followUser", { followed: b.user.id }); // a request to private b
    expect(await hasRequested(a.user, b.user)).toBe(1);

    const res = await b.agent.post("/api/auth/blockUser", { targetId: a.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, blocked: true });
    expect(await countRows(t.ctx.db, blocks, eq(blocks.blockerId, b.user.id))).toBe(1);
    expect(await isFollowing(b.user, a.user)).toBe(0);
    expect(await hasRequested(a.user, b.user)).toBe(0);
    expect(await notificationsOf(b)).toEqual([]);

    // Blocking again is harmless.
    const again = await b.agent.post("/api/auth/blockUser", { targetId: a.user.id });
    expect(again.json()).toEqual({ ok: true, blocked: true });

    // The blocked member cannot follow the blocker any more.
    const follow = await a.agent.post("/api/auth/followUser", { followed: b.user.id });
    expect(follow.statusCode).toBe(403);
    expect(follow.json()).toEqual({ message: SOCIAL_MESSAGES.blocked });

    const un = await b.agent.post("/api/auth/unblockUser", { targetId: a.user.id });
    expect(un.statusCode).toBe(200);
    expect(un.json()).toEqual({ ok: true, blocked: false });
    expect(await countRows(t.ctx.db, blocks, eq(blocks.blockerId, b.user.id))).toBe(0);
    const followAgain = await a.agent.post("/api/auth/followUser", { followed: b.user.id });
    expect(followAgain.json()).toEqual({ status: "requested" });
  });

  it("refuses blocking oneself (400) and an unknown member (404)", async () => {
    const me = await member();
    const self = await me.agent.post("/api/auth/blockUser", { targetId: me.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: SOCIAL_MESSAGES.cannotBlockSelf });
    const unknown = await me.agent.post("/api/auth/blockUser", { targetId: "no-such-user" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SOCIAL_MESSAGES.userNotFound });
    expect(await countRows(t.ctx.db, blocks, eq(blocks.blockerId, me.user.id))).toBe(0);
  });

  it("an Admin is blocked like anyone: the block holds for follows", async () => {
    const admin = await member(buildAdmin);
    const fan = await member();
    await fan.agent.post("/api/auth/blockUser", { targetId: admin.user.id });
    const res = await admin.agent.post("/api/auth/followUser", { followed: fan.user.id });
    expect(res.statusCode).toBe(403);
  });
});
