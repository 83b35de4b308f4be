import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUTH_LIMITS, AUTH_MESSAGES, PATHS } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, uniqueIp } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { parseMail } from "../../../test/mail.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import { users } from "../users/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => {
  seq += 1;
  const username = `reg_${seq}_${Date.now().toString(36)}`;
  return { username, email: `${username}@example.test`, password: "a-good-password" };
};

/** Each from an address of its own: registrations are limited per address (tested in rate-limit/). */
const register = (body: unknown) => new Agent(t.app, uniqueIp()).post("/api/auth/register", body);

describe("POST /api/auth/register", () => {
  it("creates a member and answers 201 with a one-time token, not a session", async () => {
    const input = fresh();
    const agent = new Agent(t.app);
    const res = await agent.post("/api/auth/register", input);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ token: expect.stringMatching(/\S{16,}/) });
    expect(res.body).not.toContain(input.password);
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();

    const rows = await t.ctx.db
      .select()
      .from(users)
      .where(sql`${users.username} = ${input.username}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: input.email, role: "user", isDj: false });
    expect(rows[0]?.passwordHash).not.toContain(input.password);

    const login = await agent.post("/api/auth/login", input);
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ["a username with a space", { username: "two words" }, AUTH_MESSAGES.usernameInvalid],
    [
      "a username with a special character",
      { username: "dj-name!" },
      AUTH_MESSAGES.usernameInvalid,
    ],
    ["a too short username", { username: "ab" }, AUTH_MESSAGES.usernameTooShort],
    [
      "a too long username",
      { username: "a".repeat(AUTH_LIMITS.usernameMax + 1) },
      AUTH_MESSAGES.usernameTooLong,
    ],
    ["an invalid e-mail", { email: "not-an-email" }, AUTH_MESSAGES.emailInvalid],
    [
      "a too short password",
      { password: "x".repeat(AUTH_LIMITS.passwordMin - 1) },
      AUTH_MESSAGES.passwordTooShort,
    ],
  ])("refuses %s with 400 and the rule's message, writing nothing", async (_, change, message) => {
    const before = await countRows(t.ctx.db, users);
    const res = await register({ ...fresh(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countRows(t.ctx.db, users)).toBe(before);
  });

  it("accepts a username of exactly the minimum and maximum length", async () => {
    const min = await register({
      ...fresh(),
      username: `m${seq}`.padEnd(AUTH_LIMITS.usernameMin, "x"),
    });
    expect(min.statusCode).toBe(201);
    const max = await register({
      ...fresh(),
      username: `M${Date.now()}`.padEnd(AUTH_LIMITS.usernameMax, "y"),
    });
    expect(max.statusCode).toBe(201);
  });

  it("refuses a username taken in another case with 409", async () => {
    const { user } = await buildUser(t.ctx.db, { username: `Taken_${Date.now().toString(36)}` });
    const before = await countRows(t.ctx.db, users);
    const res = await register({ ...fresh(), username: user.username.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.usernameTaken });
    expect(await countRows(t.ctx.db, users)).toBe(before);
  });

  it("answers a taken e-mail (in another case) as a success, makes no account, and mails its owner once a day", async () => {
    const outbox = path.join(t.config.DATA_DIR, "outbox");
    const mailsTo = async (to: string) => {
      const files = await readdir(outbox).catch(() => []);
      const mails = await Promise.all(
        files.map(async (f) => parseMail(await readFile(path.join(outbox, f), "utf8"))),
      );
      return mails.filter((m) => m.to === to);
    };
    const { user } = await buildUser(t.ctx.db);
    const before = await countRows(t.ctx.db, users);
    const input = { ...fresh(), email: user.email.toUpperCase() };
    const res = await register(input);
    const free = await register(fresh());

    // The same answer as a new account's: nothing tells the address is registered.
    expect(res.statusCode).toBe(free.statusCode);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.registrationSuccess });
    expect(res.body).not.toContain(user.id);
    expect(await countRows(t.ctx.db, users)).toBe(before + 1); // the free one only
    const login = await new Agent(t.app, uniqueIp()).post("/api/auth/login", {
      username: input.username,
      password: input.password,
    });
    expect(login.statusCode).toBe(401);

    // The owner hears of it by mail, with their username and where to sign in.
    await expect.poll(async () => (await mailsTo(user.email)).length, { timeout: 5_000 }).toBe(1);
    const [note] = await mailsTo(user.email);
    expect(note?.subject).toBe(AUTH_MESSAGES.registrationNoticeSubject);
    expect(note?.text).toContain(user.username);
    expect(note?.text).toContain(`${t.config.PUBLIC_URL}${PATHS.login}`);
    expect(note?.text).not.toContain(input.password);

    // Another try the same day: the same answer, no second mail.
    const again = await register({ ...fresh(), email: user.email });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.registrationSuccess });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("answers 403 with the disabled message while registration is switched off, writing nothing", async () => {
    const { user, password } = await buildAdmin(t.ctx.db);
    const admin = new Agent(t.app);
    await admin.login(user.username, password);
    const off = await admin.post("/api/auth/registration/status", { enabled: false });
    expect(off.statusCode).toBe(200);
    try {
      const before = await countRows(t.ctx.db, users);
      const res = await register(fresh());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.registrationsDisabled });
      expect(await countRows(t.ctx.db, users)).toBe(before);
    } finally {
      await admin.post("/api/auth/registration/status", { enabled: true });
    }
    expect((await register(fresh())).statusCode).toBe(201);
  });
});
