import { AUTH_LIMITS, AUTH_MESSAGES, CSRF_HEADER } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = "/api/auth/login";

describe("security round 3: the login throttle", () => {
  it("the login throttle is a race: of 100 parallel wrong logins for one username at most 10 are answered 401, the rest 429", async () => {
    const { user } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app, "10.9.0.1");
    const token = await agent.csrfToken();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        agent.request("POST", LOGIN, {
          body: { username: user.username, password: "wrong-password" },
          headers: { [CSRF_HEADER]: token },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
      AUTH_LIMITS.loginFailuresMax,
    );
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    const throttled = answers.find((res) => res.statusCode === 429);
    const retryAfter = Number(throttled?.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(throttled?.json()).toEqual({
      message: AUTH_MESSAGES.loginThrottled(Math.ceil(retryAfter / 60)),
    });
  });

  it("the per-address lock does not lock out a whole site: a burst of failures on one username from one address leaves another username from that address signing in", async () => {
    const victim = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const ip = "10.9.1.1";
    for (let i = 0; i <= AUTH_LIMITS.loginFailuresMax; i++) {
      await new Agent(t.app, ip).post(LOGIN, {
        username: victim.user.username,
        password: "wrong-password",
      });
    }
    const locked = await new Agent(t.app, ip).post(LOGIN, {
      username: victim.user.username,
      password: victim.password,
    });
    expect(locked.statusCode).toBe(429);

    const res = await new Agent(t.app, ip).post(LOGIN, {
      username: other.user.username,
      password: other.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.loginSuccess });
  });
});
