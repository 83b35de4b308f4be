import { AUTH_LIMITS, AUTH_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildUser } from "../../../test/factories.ts";
import { sessions } from "../../platform/sessions/schema.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import { findUserById } from "../users/lookup.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = "/api/auth/login";
type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string };
const sessionCookie = (res: LightMyRequestResponse) =>
  (res.cookies as Cookie[]).find((c) => c.name === SESSION_COOKIE);

/** Asserts a 429 throttling answer: Retry-After within the window and the message naming its minutes. */
function expectThrottled(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.loginFailureWindowMs / 1000);
  expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginThrottled(Math.ceil(retryAfter / 60)) });
  expect(sessionCookie(res)).toBeUndefined();
}

describe("POST /api/auth/login", () => {
  it("signs in: an httpOnly SameSite=Lax session cookie, a session row, the IP recorded", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app, "10.0.0.1");
    const res = await agent.login(user.username, password);

    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginSuccess, userid: user.id });
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(1);

    const after = await findUserById(t.ctx.db, user.id);
    expect(after).toMatchObject({ lastLoginIp: "10.0.0.1", loginIps: ["10.0.0.1"] });

    const me = await agent.get("/api/auth/userdata");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: user.username });
  });

  it("accepts the username in another case and adds each new login IP once", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    await new Agent(t.app, "10.0.1.1").login(user.username.toUpperCase(), password);
    await new Agent(t.app, "10.0.1.2").login(user.username, password);
    await new Agent(t.app, "10.0.1.1").login(user.username, password);
    expect(await findUserById(t.ctx.db, user.id)).toMatchObject({
      lastLoginIp: "10.0.1.1",
      loginIps: ["10.0.1.1", "10.0.1.2"],
    });
  });

  it("answers a wrong password and an unknown username alike: 401, no cookie, no session", async () => {
    const { user } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app, "10.0.2.1");
    const wrong = await agent.post(LOGIN, { username: user.username, password: "wrong-password" });
    const unknown = await agent.post(LOGIN, { username: "nobody_here", password: "whatever-pw" });

    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginInvalid });
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("throttles a username after 10 failures in the window, from any IP, even with the right password", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    for (let i = 1; i <= AUTH_LIMITS.loginFailuresMax; i++) {
      const res = await new Agent(t.app, `10.1.0.${i}`).post(LOGIN, {
        username: user.username,
        password: "wrong-password",
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await new Agent(t.app, "10.1.1.1").post(LOGIN, {
      username: user.username.toUpperCase(),
      password,
    });
    expectThrottled(res);
    expect(await countRows(t.ctx.db, sessions, eq(sessions.userId, user.id))).toBe(0);

    // Another member is not affected.
    const other = await buildUser(t.ctx.db);
    await new Agent(t.app, "10.1.1.2").login(other.user.username, other.password);
  });

  it("throttles an address after 10 failures on usernames that do not exist, and still lets members sign in from it", async () => {
    const ip = "10.2.0.1";
    for (let i = 1; i <= AUTH_LIMITS.loginFailuresMax; i++) {
      const res = await new Agent(t.app, ip).post(LOGIN, {
        username: `ghost_${i}`,
        password: "wrong-password",
      });
      expect(res.statusCode).toBe(401);
    }
    expectThrottled(
      await new Agent(t.app, ip).post(LOGIN, { username: "ghost_new", password: "whatever-pw" }),
    );

    // A member behind the same address is not locked out by strangers' guesses.
    const { user, password } = await buildUser(t.ctx.db);
    await new Agent(t.app, ip).login(user.username, password);
  });

  it("forgives a username's failures after a successful sign-in", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const attempt = (ip: string, pw: string) =>
      new Agent(t.app, ip).post(LOGIN, { username: user.username, password: pw });
    for (let i = 1; i < AUTH_LIMITS.loginFailuresMax; i++) {
      expect((await attempt(`10.3.0.${i}`, "wrong-password")).statusCode).toBe(401);
    }
    expect((await attempt("10.3.1.1", password)).statusCode).toBe(200);
    for (let i = 1; i <= AUTH_LIMITS.loginFailuresMax; i++) {
      expect((await attempt(`10.3.2.${i}`, "wrong-password")).statusCode).toBe(401);
    }
    expectThrottled(await attempt("10.3.3.1", password));
  });
});
