import { AUTH_MESSAGES, HTTP_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildBannedUser, buildIpBan, buildUser } from "../../../test/factories.ts";
import { sessions } from "../../platform/sessions/schema.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import { findUserById } from "../users/lookup.ts";
import { users } from "../users/schema.ts";
import { banColumns } from "./bans.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = "/api/auth/login";
const HOUR_MS = 60 * 60 * 1000;

async function expectRefused(ip: string, username: string, password: string, answer: object) {
  const res = await new Agent(t.app, ip).post(LOGIN, { username, password });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject(answer);
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  return res;
}

describe("login refused by a ban", () => {
  it("blacklist: the request's IP is banned with no account attached", async () => {
    const ip = "10.20.0.1";
    await buildIpBan(t.ctx.db, { ip });
    const { user, password } = await buildUser(t.ctx.db);
    await expectRefused(ip, user.username, password, {
      message: AUTH_MESSAGES.bannedBlacklist,
      reason: "blacklist",
    });
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(0);
    // The same member from another IP is let in.
    await new Agent(t.app, "10.20.0.2").login(user.username, password);
  });

  it("banned_ip: the IP was banned together with an account; it stops every account on it", async () => {
    const ip = "10.21.0.1";
    const banned = await buildBannedUser(t.ctx.db);
    await buildIpBan(t.ctx.db, { ip, userId: banned.user.id });
    const { user, password } = await buildUser(t.ctx.db);
    await expectRefused(ip, user.username, password, {
      message: AUTH_MESSAGES.bannedIp,
      reason: "banned_ip",
    });
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("account_banned: with the ban's reason and date", async () => {
    const { user, password } = await buildBannedUser(t.ctx.db, {
      banReason: "Spamming links",
      banExpiresAt: new Date(Date.now() + HOUR_MS),
    });
    await expectRefused("10.22.0.1", user.username, password, {
      message: AUTH_MESSAGES.bannedAccount,
      reason: "account_banned",
      banReason: "Spamming links",
      bannedAt: user.bannedAt?.toISOString(),
      banExpiresAt: user.banExpiresAt?.toISOString(),
    });
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("account_banned without a recorded reason answers the default reason", async () => {
    const { user, password } = await buildBannedUser(t.ctx.db, { banReason: null });
    await expectRefused("10.22.0.2", user.username, password, {
      reason: "account_banned",
      banReason: AUTH_MESSAGES.bannedNoReason,
    });
  });

  it("a banned account with a wrong password gets the ordinary 401, revealing nothing", async () => {
    const { user } = await buildBannedUser(t.ctx.db);
    const res = await new Agent(t.app, "10.22.0.3").post(LOGIN, {
      username: user.username,
      password: "wrong-password",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginInvalid });
  });
});

describe("ban expiry and ending sessions", () => {
  it("an expired ban lifts itself at login: the member gets in and is a user again", async () => {
    const { user, password } = await buildBannedUser(t.ctx.db, {
      banExpiresAt: new Date(Date.now() - 1000),
    });
    const agent = new Agent(t.app, "10.23.0.1");
    await agent.login(user.username, password);
    expect(await findUserById(t.ctx.db, user.id)).toMatchObject({
      role: "user",
      banReason: null,
      bannedAt: null,
      banExpiresAt: null,
    });
    expect((await agent.get("/api/auth/userdata")).json()).toMatchObject({ role: "user" });
  });

  it("a member's existing session stops working once the account is banned", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app, "10.24.0.1");
    await agent.login(user.username, password);
    expect((await agent.get("/api/auth/userdata")).statusCode).toBe(200);

    await t.ctx.db
      .update(users)
      .set({ role: "banned", banReason: "Abuse", bannedAt: new Date() })
      .where(eq(users.id, user.id));

    const me = await agent.get("/api/auth/userdata");
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });
    expect((await agent.get("/api/auth/checkauth")).json()).toMatchObject({
      authenticated: false,
    });
  });

  it("sign-ins at the same moment after a Moderator's ban ran out leave a Moderator", async () => {
    const { user, password } = await buildUser(t.ctx.db, { role: "Moderator" });
    await t.ctx.db
      .update(users)
      .set(banColumns({ reason: "Cool off", expiresAt: new Date(Date.now() - 1000), by: user.id }))
      .where(eq(users.id, user.id));
    expect((await findUserById(t.ctx.db, user.id))?.role).toBe("banned");
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        new Agent(t.app, `10.25.0.${n}`).post(LOGIN, { username: user.username, password }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(await findUserById(t.ctx.db, user.id)).toMatchObject({
      role: "Moderator",
      roleBeforeBan: null,
      banExpiresAt: null,
    });
  });
});
