import { CSRF_HEADER, HTTP_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../test/agent.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { countRows } from "../../test/db.ts";
import { buildAdmin, buildUser } from "../../test/factories.ts";
import { isRegistrationEnabled } from "../features/admin/service.ts";
import { VISITOR_COOKIE } from "./csrf.ts";
import { users } from "./identity/users.schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const registration = () => {
  seq += 1;
  return {
    username: `csrf_${seq}`,
    email: `csrf_${seq}@example.test`,
    password: "a-good-password",
  };
};

/** Sends a registration with the given CSRF header (or none) and checks it was refused with nothing written. */
async function expectRegisterRefused(agent: Agent, token?: string) {
  const before = await countRows(t.ctx.db, users);
  const res = await agent.request("POST", "/api/auth/register", {
    body: registration(),
    headers: token === undefined ? {} : { [CSRF_HEADER]: token },
  });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
  expect(await countRows(t.ctx.db, users)).toBe(before);
}

describe("CSRF protection of state-changing calls", () => {
  it("GET /api/auth/authRequest gives a visitor a token and a visitor cookie", async () => {
    const agent = new Agent(t.app);
    const res = await agent.get("/api/auth/authRequest");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ csrfToken: expect.stringMatching(/^\S{20,}$/) });
    expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
  });

  it("refuses a call without the token: 403, nothing written", async () => {
    const agent = new Agent(t.app);
    await agent.csrfToken(); // the agent has a visitor cookie, just no header
    await expectRegisterRefused(agent);
  });

  it("refuses a call with a wrong token: 403, nothing written", async () => {
    const agent = new Agent(t.app);
    const token = await agent.csrfToken();
    await expectRegisterRefused(agent, `${token.slice(0, -2)}xx`);
    await expectRegisterRefused(agent, "");
  });

  it("refuses a token fetched by another browser", async () => {
    const token = await new Agent(t.app).csrfToken();
    const other = new Agent(t.app);
    await other.csrfToken();
    await expectRegisterRefused(other, token);
    await expectRegisterRefused(new Agent(t.app), token); // no cookies at all
  });

  it("accepts the right token for the same call", async () => {
    const agent = new Agent(t.app);
    const before = await countRows(t.ctx.db, users);
    const res = await agent.post("/api/auth/register", registration());
    expect(res.statusCode).toBe(201);
    expect(await countRows(t.ctx.db, users)).toBe(before + 1);
  });

  it("refuses a signed-in Admin's call without the token, leaving the setting unchanged", async () => {
    const { user, password } = await buildAdmin(t.ctx.db);
    const admin = new Agent(t.app);
    await admin.login(user.username, password);
    const res = await admin.request("POST", "/api/auth/registration/status", {
      body: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
    expect(await isRegistrationEnabled(t.ctx.db)).toBe(true);
  });

  it("a token bound to a session stops working when the session ends", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, password);
    const sessionToken = await agent.csrfToken();
    await agent.get("/api/auth/logout");
    await expectRegisterRefused(agent, sessionToken);
  });
});
