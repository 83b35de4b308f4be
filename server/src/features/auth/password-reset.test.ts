import { AUTH_LIMITS, AUTH_MESSAGES, HTTP_MESSAGES, PATHS } from "@airwave/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, uniqueIp } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildBannedUser, buildUser } from "../../../test/factories.ts";
import {
  type ReceivedMail,
  resetKeyIn,
  startSmtpServer,
  type TestSmtpServer,
} from "../../../test/mail.ts";
import { passwordResets } from "./schema.ts";

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const FORGOT = "/api/auth/forgotPassword";
const RESET = "/api/auth/resetPassword";
const NEW_PASSWORD = "a-brand-new-password";

/** Asks for a reset link and returns the one mail it sent. */
async function requestReset(email: string): Promise<ReceivedMail> {
  const before = smtp.mails.length;
  const res = await new Agent(t.app, uniqueIp()).post(FORGOT, { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ msg: AUTH_MESSAGES.forgotSent });
  expect(smtp.mails).toHaveLength(before + 1);
  return smtp.mails[before] as ReceivedMail;
}

const login = (username: string, password: string) =>
  new Agent(t.app).post("/api/auth/login", { username, password });

describe("password reset through a real SMTP server", () => {
  it("mails a one-hour link; the key sets a new password once and ends the member's sessions", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const signedIn = new Agent(t.app);
    await signedIn.login(user.username, password);

    const asked = Date.now();
    const mail = await requestReset(user.email.toUpperCase());
    const answered = Date.now();
    expect(mail.rcptTo).toEqual([user.email]);
    expect(mail.subject).toBe(AUTH_MESSAGES.resetMailSubject);
    const key = resetKeyIn(mail.text);
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}${PATHS.resetPassword(key)}`);
    const [row] = await t.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(asked + AUTH_LIMITS.resetKeyTtlMs);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(answered + AUTH_LIMITS.resetKeyTtlMs);

    // A too short password is refused without using up the key.
    const short = await new Agent(t.app).post(RESET, { key, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: AUTH_MESSAGES.passwordTooShort });

    const res = await new Agent(t.app).post(RESET, { key, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.resetDone });

    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await login(user.username, password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: AUTH_MESSAGES.loginInvalid });
    const me = await signedIn.get("/api/auth/userdata");
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });

    const again = await new Agent(t.app).post(RESET, { key, password: "yet-another-password" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses an expired key and keeps the password", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const key = resetKeyIn((await requestReset(user.email)).text);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));

    const res = await new Agent(t.app).post(RESET, { key, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it("refuses a key that was never issued", async () => {
    const res = await new Agent(t.app).post(RESET, {
      key: "not-a-real-key",
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
  });

  it("answers an unknown e-mail with the same message and sends nothing", async () => {
    const { user } = await buildUser(t.ctx.db);
    const known = await new Agent(t.app, uniqueIp()).post(FORGOT, { email: user.email });
    const mailsBefore = smtp.mails.length;
    const resetsBefore = await countRows(t.ctx.db, passwordResets);

    const unknown = await new Agent(t.app, uniqueIp()).post(FORGOT, {
      email: "nobody@example.test",
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(smtp.mails).toHaveLength(mailsBefore);
    expect(await countRows(t.ctx.db, passwordResets)).toBe(resetsBefore);
  });

  it("sends nothing to a banned account", async () => {
    const { user } = await buildBannedUser(t.ctx.db);
    const before = smtp.mails.length;
    const res = await new Agent(t.app, uniqueIp()).post(FORGOT, { email: user.email });
    expect(res.json()).toMatchObject({ msg: AUTH_MESSAGES.forgotSent });
    expect(smtp.mails).toHaveLength(before);
  });

  it("refuses an invalid e-mail with 400 and the contract's message", async () => {
    const res = await new Agent(t.app, uniqueIp()).post(FORGOT, { email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.emailInvalid });
  });
});
