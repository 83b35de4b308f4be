import { HTTP_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { isRegistrationEnabled } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STATUS = "/api/auth/registration/status";

async function signedIn(built: Promise<{ user: { username: string }; password: string }>) {
  const { user, password } = await built;
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  return agent;
}

describe("registration switch", () => {
  it("GET answers registrationEnabled to a visitor, on by default", async () => {
    const res = await new Agent(t.app).get(STATUS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrationEnabled: true });
  });

  it("an Admin switches registration off and on; everyone reads the new state", async () => {
    const admin = await signedIn(buildAdmin(t.ctx.db));
    const off = await admin.post(STATUS, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ registrationEnabled: false });
    expect(await isRegistrationEnabled(t.ctx.db)).toBe(false);
    expect((await new Agent(t.app).get(STATUS)).json()).toMatchObject({
      registrationEnabled: false,
    });

    const on = await admin.post(STATUS, { enabled: true });
    expect(on.json()).toMatchObject({ registrationEnabled: true });
    expect(await isRegistrationEnabled(t.ctx.db)).toBe(true);
  });

  it("refuses a member and a Moderator with 403, leaving the setting unchanged", async () => {
    for (const built of [buildUser(t.ctx.db), buildModerator(t.ctx.db)]) {
      const agent = await signedIn(built);
      const res = await agent.post(STATUS, { enabled: false });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
      expect(await isRegistrationEnabled(t.ctx.db)).toBe(true);
    }
  });

  it("refuses a visitor (with a valid CSRF token) with 401, leaving the setting unchanged", async () => {
    const res = await new Agent(t.app).post(STATUS, { enabled: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });
    expect(await isRegistrationEnabled(t.ctx.db)).toBe(true);
  });
});
