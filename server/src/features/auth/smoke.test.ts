import { AUTH_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("sign in", () => {
  it("signs a registered member in and answers userdata", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app);
    const res = await agent.login(user.username, password);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginSuccess, userid: user.id });
    const me = await agent.get("/api/auth/userdata");
    expect(me.json()).toMatchObject({ username: user.username, email: user.email });
  });
});
