import {
  ADMIN_API,
  ADMIN_OVERVIEW_LIMITS,
  type AdminMetrics,
  PLATFORM_ROUTES,
  type TrafficAnswer,
} from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { buildPost } from "../../../../test/factories/posts.ts";
import { recordedIcecast } from "../../../../test/factories/radio.ts";
import { buildTrafficRows } from "../../../../test/factories/traffic.ts";
import { buildAdmin, buildBannedUser, buildUser } from "../../../../test/factories.ts";
import { signInMember } from "../../../../test/members.ts";
import { chatMessages } from "../../chat/schema.ts";
import { saveChatMessage } from "../../chat/store.ts";
import { users } from "../../users/schema.ts";
import { trafficLog } from "../schema.ts";
import { TRAFFIC_PURGE_JOB, trafficLogOf } from "./traffic-log.ts";

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInMember(t, buildAdmin)).agent;
});
afterAll(() => t.close());

/** A clean traffic table: everything recorded so far written, then removed. */
async function emptyTrafficLog() {
  await trafficLogOf(t.ctx).flush();
  await t.ctx.db.delete(trafficLog);
}

async function trafficPage(page: number | string): Promise<TrafficAnswer> {
  const res = await admin.get(ADMIN_API.traffic, { page: String(page) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function allStoredRows() {
  await trafficLogOf(t.ctx).flush();
  return t.ctx.db.select().from(trafficLog);
}

describe("the traffic log", () => {
  beforeEach(emptyTrafficLog);

  it("records every request (IP, path, method, time), 8 a page, newest first, with the total", async () => {
    const visitor = new Agent(t.app, "203.0.113.9");
    const started = Date.now();
    for (let i = 0; i < 12; i++) await visitor.get(`/api/probe/${i}`);

    const first = await trafficPage(1);
    expect(first.total).toBe(12);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(ADMIN_OVERVIEW_LIMITS.trafficPageSize);
    expect(first.traffic.map((r) => r.path)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4].map((i) => `/api/probe/${i}`),
    );
    for (const row of first.traffic) {
      expect(row).toMatchObject({ ip: "203.0.113.9", method: "GET" });
      expect(Date.parse(row.timestamp)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(row.timestamp)).toBeLessThanOrEqual(Date.now());
    }

    // The first page's own request is now the newest row, so page 2 starts one row earlier.
    const second = await trafficPage(2);
    expect(second.total).toBe(13);
    expect(second.traffic.map((r) => r.path)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `/api/probe/${i}`),
    );
    expect((await trafficPage(1)).traffic[0]).toMatchObject({
      path: ADMIN_API.traffic,
      method: "GET",
      ip: "127.0.0.1",
    });
    expect((await trafficPage(99)).traffic).toEqual([]);
  });

  it("records refused calls, state-changing calls and unknown paths, but not the health probe or build files", async () => {
    const visitor = new Agent(t.app, "198.51.100.23");
    expect((await visitor.get(ADMIN_API.metrics)).statusCode).toBe(401);
    expect((await visitor.request("POST", ADMIN_API.chatClear)).statusCode).toBe(403);
    expect((await visitor.get("/no/such/page")).statusCode).toBe(404);
    for (const probe of [
      PLATFORM_ROUTES.health,
      PLATFORM_ROUTES.healthLive,
      PLATFORM_ROUTES.healthReady,
    ]) {
      expect((await visitor.get(probe.path)).statusCode).toBe(200);
    }
    await visitor.get("/assets/index-abc123.js");

    const rows = (await trafficPage(1)).traffic.map(({ ip, method, path }) => ({
      ip,
      method,
      path,
    }));
    expect(rows).toEqual([
      { ip: "198.51.100.23", method: "GET", path: "/no/such/page" },
      { ip: "198.51.100.23", method: "POST", path: ADMIN_API.chatClear },
      { ip: "198.51.100.23", method: "GET", path: ADMIN_API.metrics },
    ]);
  });

  it("never stores a query string (it may hold reset keys, searches or tokens)", async () => {
    const visitor = new Agent(t.app, "203.0.113.10");
    await visitor.get("/reset-password/x?key=secret");
    await visitor.get("/api/auth/searchUsers?q=secret");
    await admin.get("/api/auth/searchUsers", { q: "secret" });
    await visitor.get("/api/auth/checkauth?token=secret#frag");
    // The reset link's key is a secret in the path itself: replaced.
    await visitor.get("/Reset-Password/secret-reset-key");

    const paths = (await trafficPage(1)).traffic.map((r) => r.path);
    expect(paths).toEqual([
      "/Reset-Password/:key",
      "/api/auth/checkauth",
      "/api/auth/searchUsers",
      "/api/auth/searchUsers",
      "/reset-password/:key",
    ]);
    const stored = await allStoredRows();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(JSON.stringify(row)).not.toContain("secret");
      expect(row.path).not.toContain("?");
    }
  });

  it("cuts an absurdly long path to the limit", async () => {
    await new Agent(t.app, "203.0.113.11").get(`/${"a".repeat(5000)}`);
    const [row] = (await trafficPage(1)).traffic;
    expect(row?.path.length).toBe(ADMIN_OVERVIEW_LIMITS.trafficPathMax);
  });

  it("keeps 30 days: the purge deletes older rows and keeps the rest", async () => {
    await buildTrafficRows(t.ctx.db, 3, { ageMs: 31 * DAY_MS, path: (i) => `/old/${i}` });
    await buildTrafficRows(t.ctx.db, 2, { ageMs: 29 * DAY_MS, path: (i) => `/recent/${i}` });
    expect((await trafficPage(1)).total).toBe(5);

    await t.jobs.runOnce(TRAFFIC_PURGE_JOB);

    const page = await trafficPage(1);
    // The two recent rows and the first page request.
    expect(page.total).toBe(3);
    expect(page.traffic.map((r) => r.path).sort()).toEqual([
      ADMIN_API.traffic,
      "/recent/0",
      "/recent/1",
    ]);
  });

  it("pages 10 000 rows in SQL: the last page and the total are right", async () => {
    for (let i = 0; i < 2; i++) {
      await buildTrafficRows(t.ctx.db, 5000, {
        ageMs: (2 - i) * 3_600_000,
        path: (n) => `/bulk/${i * 5000 + n}`,
      });
    }
    const first = await trafficPage(1);
    expect(first.total).toBe(10_000);
    expect(first.traffic).toHaveLength(8);
    expect(first.traffic.every((r) => r.path.startsWith("/bulk/"))).toBe(true);
    const last = await trafficPage(1251); // 10 001 rows now: the last page holds one
    expect(last.total).toBe(10_001);
    expect(last.traffic).toHaveLength(1);
    expect(last.traffic[0]?.path).toMatch(/^\/bulk\/\d+$/);
  });

  it("refuses a page that is not a whole number from 1 (400), writing nothing", async () => {
    for (const page of ["0", "-1", "abc", "1.5", "99999999"]) {
      const res = await admin.get(ADMIN_API.traffic, { page });
      expect({ page, status: res.statusCode }).toEqual({ page, status: 400 });
      expect(res.json()).toHaveProperty("message");
    }
    expect((await admin.get(ADMIN_API.traffic)).json()).toMatchObject({ page: 1 });
  });

  it("writes what is still buffered when the app closes", async () => {
    const other = await createTestApp();
    try {
      await new Agent(other.app, "203.0.113.12").get("/api/probe/on-close");
      await other.app.close();
      const rows = await other.ctx.db.select().from(trafficLog);
      expect(rows.map((r) => r.path)).toContain("/api/probe/on-close");
    } finally {
      await other.close();
    }
  });
});

describe("who may read the overview", () => {
  it("a visitor gets 401 and a member or Moderator 403 on every overview call", async () => {
    const member = await signInMember(t, buildUser);
    const moderator = await signInMember(t, buildUser, { role: "Moderator" });
    for (const url of [ADMIN_API.traffic, ADMIN_API.activeUsersCount, ADMIN_API.metrics]) {
      expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
      expect((await member.agent.get(url)).statusCode).toBe(403);
      expect((await moderator.agent.get(url)).statusCode).toBe(403);
    }
  });
});

describe("the metrics", () => {
  it("answer real counts: members online now, chat messages of the last 24 h, all posts, no listeners while the station is off", async () => {
    const fresh = await createTestApp();
    try {
      const boss = (await signInMember(fresh, buildAdmin)).agent;
      const metrics = async (): Promise<AdminMetrics> => {
        const res = await boss.get(ADMIN_API.metrics);
        expect(res.statusCode).toBe(200);
        return res.json();
      };
      expect(await metrics()).toEqual({
        activeUsers: 0,
        listenersNow: 0,
        chatMessages24h: 0,
        totalPosts: 0,
      });

      // Online: a heartbeat now. Not online: a heartbeat 5 minutes ago, a banned member.
      const online = await signInMember(fresh, buildUser);
      expect((await online.agent.post("/api/auth/users/heartbeat")).statusCode).toBe(200);
      await buildUser(fresh.ctx.db, { lastSeenAt: new Date(Date.now() - 5 * 60_000) });
      await buildBannedUser(fresh.ctx.db, { lastSeenAt: new Date() });

      const { user: author } = await buildUser(fresh.ctx.db);
      for (let i = 0; i < 3; i++) await buildPost(fresh.ctx.db, author.id);

      for (let i = 0; i < 2; i++) {
        await saveChatMessage(fresh.ctx.db, {
          clientId: i,
          senderId: author.id,
          username: author.username,
          profileimage: "",
          type: "message",
          message: `hello ${i}`,
        });
      }
      const old = await saveChatMessage(fresh.ctx.db, {
        clientId: 9,
        senderId: author.id,
        username: author.username,
        profileimage: "",
        type: "message",
        message: "yesterday's",
      });
      await fresh.ctx.db
        .update(chatMessages)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(chatMessages.id, old._id));

      expect(await metrics()).toEqual({
        activeUsers: 1,
        listenersNow: 0,
        chatMessages24h: 2,
        totalPosts: 3,
      });
      const active = await boss.get(ADMIN_API.activeUsersCount);
      expect(active.statusCode).toBe(200);
      expect(active.json()).toEqual({ activeUsers: 1 });

      // The presence window passes: no longer online.
      await fresh.ctx.db
        .update(users)
        .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
        .where(eq(users.id, online.user.id));
      expect((await boss.get(ADMIN_API.activeUsersCount)).json()).toEqual({ activeUsers: 0 });
    } finally {
      await fresh.close();
    }
  });

  it("read the station's current listeners from the radio's now-playing", async () => {
    const icecast = await recordedIcecast();
    const withStation = await createTestApp({ RADIO_NOWPLAYING_URL: icecast.url });
    try {
      const boss = (await signInMember(withStation, buildAdmin)).agent;
      const res = await boss.get(ADMIN_API.metrics);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ listenersNow: 1 });
    } finally {
      await withStation.close();
      await icecast.close();
    }
  });
});

describe("the traffic buffer", () => {
  it("writes in batches of at most 200 rows, and a failed write is logged, never breaking a request", async () => {
    const other = await createTestApp();
    try {
      const db = other.ctx.db;
      // The log writes with db.execute (one statement per batch); nothing else runs it meanwhile.
      const realExecute = db.execute.bind(db);
      let trafficInserts = 0;
      let failNext = false;
      vi.spyOn(db, "execute").mockImplementation(((query: Parameters<typeof db.execute>[0]) => {
        trafficInserts++;
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error("database unavailable"));
        }
        return realExecute(query);
      }) as typeof db.execute);

      const log = trafficLogOf(other.ctx);
      await log.flush();
      await db.delete(trafficLog);
      trafficInserts = 0;
      for (let i = 0; i < 450; i++) {
        log.record({ ip: "203.0.113.13", path: `/batch/${i}`, method: "GET", at: new Date() });
      }
      await log.flush();
      expect(trafficInserts).toBe(3);
      expect((await db.select().from(trafficLog)).length).toBe(450);

      failNext = true;
      const res = await new Agent(other.app, "203.0.113.14").get("/api/probe/lost");
      expect(res.statusCode).toBe(404);
      await expect(log.flush()).resolves.toBeUndefined();
      await new Agent(other.app, "203.0.113.14").get("/api/probe/kept");
      await log.flush();
      const paths = (await db.select().from(trafficLog)).map((r) => r.path);
      expect(paths).toContain("/api/probe/kept");
      expect(paths).not.toContain("/api/probe/lost");
    } finally {
      vi.restoreAllMocks();
      await other.close();
    }
  });
});
