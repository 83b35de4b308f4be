import { randomBytes, randomUUID } from "node:crypto";
import { type BasicUser, USER_LIMITS, USER_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildBannedUser, buildBlock, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { users } from "./schema.ts";

let t: TestApp;
let me: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await member();
});
afterAll(() => t.close());

const member = (overrides: Parameters<typeof buildUser>[1] = {}) =>
  signInMember(t, buildUser, overrides);

const names = (list: BasicUser[]) => list.map((u) => u.username);
const ids = (list: BasicUser[]) => list.map((u) => u.id);
/** A short random word for usernames, so each test searches its own members. */
const word = () => `w${randomBytes(3).toString("hex")}`;
/** Join dates after every other member's, increasing with each call: "newest" is predictable. */
let tick = 0;
const later = () => new Date(Date.now() + 3_600_000 + ++tick * 1000);

describe("GET /api/auth/basicUsers", () => {
  it("answers the members asked for as BasicUsers, in the order asked, skipping unknown ids", async () => {
    const a = await buildUser(t.ctx.db, { isDj: true });
    const b = await buildUser(t.ctx.db);
    const res = await me.agent.get("/api/auth/basicUsers", {
      ids: `${b.user.id},nope,${a.user.id},${b.user.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: [
        {
          _id: b.user.id,
          id: b.user.id,
          username: b.user.username,
          profileimage: b.user.profileimage,
          isDj: false,
          role: "user",
        },
        {
          _id: a.user.id,
          id: a.user.id,
          username: a.user.username,
          profileimage: a.user.profileimage,
          isDj: true,
          role: "user",
        },
      ],
    });
    expect(res.body).not.toContain("@example.test");
  });

  it("answers an empty list without ids", async () => {
    const res = await me.agent.get("/api/auth/basicUsers");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: [] });
  });
});

describe("GET /api/auth/getUsers and /getDjUsers", () => {
  it("lists members newest first without banned accounts; DJs only in the DJ list", async () => {
    const older = await buildUser(t.ctx.db, { createdAt: later() });
    const dj = await buildUser(t.ctx.db, { isDj: true, createdAt: later() });
    const banned = await buildBannedUser(t.ctx.db, { isDj: true, createdAt: later() });

    const all = await me.agent.get("/api/auth/getUsers");
    expect(all.statusCode).toBe(200);
    const list: BasicUser[] = all.json().users;
    expect(ids(list).slice(0, 2)).toEqual([dj.user.id, older.user.id]);
    expect(ids(list)).not.toContain(banned.user.id);
    expect(ids(list)).toContain(me.user.id);

    const djs = await me.agent.get("/api/auth/getDjUsers");
    expect(djs.statusCode).toBe(200);
    const djList: BasicUser[] = djs.json().users;
    expect(ids(djList)).toContain(dj.user.id);
    expect(ids(djList)).not.toContain(banned.user.id);
    expect(djList.every((u) => u.isDj)).toBe(true);
  });

  it(`answers at most ${USER_LIMITS.usersListMax} members`, async () => {
    const rows = Array.from({ length: USER_LIMITS.usersListMax + 1 }, (_, i) => ({
      id: randomUUID(),
      username: `bulk_${i}_${randomBytes(2).toString("hex")}`,
      email: `bulk_${i}_${randomBytes(2).toString("hex")}@example.test`,
      passwordHash: "not-a-hash",
    }));
    await t.ctx.db.insert(users).values(rows);
    const res = await me.agent.get("/api/auth/getUsers");
    expect(res.json().users).toHaveLength(USER_LIMITS.usersListMax);
  });
});

describe("GET /api/auth/searchUsers", () => {
  it("refuses fewer than 2 characters (or none) with 400 searchTooShort", async () => {
    for (const query of [{ q: "a" }, { q: " b " }, undefined]) {
      const res = await me.agent.get("/api/auth/searchUsers", query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: USER_MESSAGES.searchTooShort });
    }
  });

  it("matches a prefix or a substring in any case, prefix matches first", async () => {
    const w = word();
    const inside = await buildUser(t.ctx.db, { username: `x_${w}_dj` });
    const prefix = await buildUser(t.ctx.db, { username: `${w.toUpperCase()}_b` });
    await buildUser(t.ctx.db, { username: `other_${word()}` });
    const res = await me.agent.get("/api/auth/searchUsers", { q: w });
    expect(res.statusCode).toBe(200);
    expect(names(res.json().users)).toEqual([prefix.user.username, inside.user.username]);
  });

  it("leaves out oneself, banned accounts and members who block the viewer, not those the viewer blocks", async () => {
    const w = word();
    const viewer = await member({ username: `${w}_me` });
    const blocker = await buildUser(t.ctx.db, { username: `${w}_blocker` });
    const blockedByViewer = await buildUser(t.ctx.db, { username: `${w}_blocked` });
    await buildBannedUser(t.ctx.db, { username: `${w}_banned` });
    const plain = await buildUser(t.ctx.db, { username: `${w}_plain` });
    await buildBlock(t.ctx.db, blocker.user, viewer.user);
    await buildBlock(t.ctx.db, viewer.user, blockedByViewer.user);

    const res = await viewer.agent.get("/api/auth/searchUsers", { q: w });
    expect(names(res.json().users).sort()).toEqual(
      [blockedByViewer.user.username, plain.user.username].sort(),
    );
  });

  it("treats % and _ literally", async () => {
    const w = word();
    const underscored = await buildUser(t.ctx.db, { username: `${w}_x` });
    await buildUser(t.ctx.db, { username: `${w}ax` });
    const res = await me.agent.get("/api/auth/searchUsers", { q: `${w}_` });
    expect(names(res.json().users)).toEqual([underscored.user.username]);
    const pct = await me.agent.get("/api/auth/searchUsers", { q: "%%" });
    expect(pct.json().users).toEqual([]);
  });

  it(`answers at most ${USER_LIMITS.searchMaxResults} members`, async () => {
    const w = word();
    const rows = Array.from({ length: USER_LIMITS.searchMaxResults + 3 }, (_, i) => ({
      id: randomUUID(),
      username: `${w}_${i}`,
      email: `${w}_${i}@example.test`,
      passwordHash: "not-a-hash",
    }));
    await t.ctx.db.insert(users).values(rows);
    const res = await me.agent.get("/api/auth/searchUsers", { q: w });
    expect(res.json().users).toHaveLength(USER_LIMITS.searchMaxResults);
  });
});

describe("presence: heartbeat, online, recent", () => {
  it("a heartbeat (with CSRF) marks the member online", async () => {
    const m = await member();
    const before = await m.agent.get("/api/auth/users/online");
    expect(ids(before.json().users)).not.toContain(m.user.id);

    const noToken = await m.agent.request("POST", "/api/auth/users/heartbeat");
    expect(noToken.statusCode).toBe(403);

    const res = await m.agent.post("/api/auth/users/heartbeat");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.lastSeenAt?.toISOString()).toBe(res.json().lastSeenAt);

    const after = await m.agent.get("/api/auth/users/online");
    expect(after.statusCode).toBe(200);
    expect(ids(after.json().users)).toContain(m.user.id);
  });

  it("online lists only recent heartbeats, without banned members or members who block the viewer", async () => {
    const viewer = await member();
    const now = Date.now();
    const fresh = await buildUser(t.ctx.db, { lastSeenAt: new Date(now - 5_000) });
    const stale = await buildUser(t.ctx.db, {
      lastSeenAt: new Date(now - USER_LIMITS.onlineWindowMs - 5_000),
    });
    const banned = await buildBannedUser(t.ctx.db, { lastSeenAt: new Date(now) });
    const blocker = await buildUser(t.ctx.db, { lastSeenAt: new Date(now) });
    await buildBlock(t.ctx.db, blocker.user, viewer.user);

    const list = ids((await viewer.agent.get("/api/auth/users/online")).json().users);
    expect(list).toContain(fresh.user.id);
    expect(list).not.toContain(stale.user.id);
    expect(list).not.toContain(banned.user.id);
    expect(list).not.toContain(blocker.user.id);
  });

  it("recent lists the newest members, 24 by default or ?limit", async () => {
    const viewer = await member();
    const a = await buildUser(t.ctx.db, { createdAt: later() });
    const b = await buildUser(t.ctx.db, { createdAt: later() });
    const blocker = await buildUser(t.ctx.db, { createdAt: later() });
    await buildBlock(t.ctx.db, blocker.user, viewer.user);

    const two = await viewer.agent.get("/api/auth/users/recent", { limit: "2" });
    expect(two.statusCode).toBe(200);
    expect(ids(two.json().users)).toEqual([b.user.id, a.user.id]);

    const byDefault = await viewer.agent.get("/api/auth/users/recent");
    expect(byDefault.json().users).toHaveLength(USER_LIMITS.recentDefault);

    const tooMany = await viewer.agent.get("/api/auth/users/recent", {
      limit: String(USER_LIMITS.recentMax + 1),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
