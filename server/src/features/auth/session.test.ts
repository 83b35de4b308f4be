import { AUTH_MESSAGES, type AuthStatus, HTTP_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildIpBan, buildUser } from "../../../test/factories.ts";
import { sessions } from "../../platform/sessions/schema.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notBanned = { banned: false, banReason: null, banExpiresAt: null, banKind: null };

describe("GET /api/auth/logout", () => {
  it("deletes the session row, clears the cookie, and the old cookie no longer works", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, password);
    const oldToken = agent.cookie(SESSION_COOKIE);
    expect(oldToken).toBeDefined();

    const other = new Agent(t.app);
    await other.login(user.username, password);
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(2);

    const res = await agent.get("/api/auth/logout");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(1);

    const replay = await t.app.inject({
      method: "GET",
      url: "/api/auth/userdata",
      cookies: { [SESSION_COOKIE]: oldToken ?? "" },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });

    // Only that session ended: the member's other browser stays signed in.
    expect((await other.get("/api/auth/userdata")).statusCode).toBe(200);
  });

  it("answers a visitor without a session the same way", async () => {
    const res = await new Agent(t.app).get("/api/auth/logout");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
  });
});

describe("GET /api/auth/checkauth", () => {
  it("a visitor is not authenticated and not banned", async () => {
    const res = await new Agent(t.app, "10.30.0.1").get("/api/auth/checkauth");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, ...notBanned } satisfies AuthStatus);
  });

  it("a signed-in member is authenticated", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app, "10.30.0.2");
    await agent.login(user.username, password);
    const res = await agent.get("/api/auth/checkauth");
    expect(res.json()).toEqual({ authenticated: true, ...notBanned } satisfies AuthStatus);
  });

  it("a visitor from a blacklisted IP is told so", async () => {
    await buildIpBan(t.ctx.db, { ip: "10.31.0.1" });
    const res = await new Agent(t.app, "10.31.0.1").get("/api/auth/checkauth");
    expect(res.json()).toEqual({
      authenticated: false,
      banned: true,
      banReason: AUTH_MESSAGES.bannedBlacklist,
      banExpiresAt: null,
      banKind: "blacklist",
    } satisfies AuthStatus);
  });

  it("a visitor from an IP banned with an account is told so", async () => {
    const { user } = await buildUser(t.ctx.db);
    await buildIpBan(t.ctx.db, { ip: "10.31.0.2", userId: user.id });
    const res = await new Agent(t.app, "10.31.0.2").get("/api/auth/checkauth");
    expect(res.json()).toMatchObject({
      authenticated: false,
      banned: true,
      banReason: AUTH_MESSAGES.bannedIp,
      banKind: "banned_ip",
    });
  });
});
