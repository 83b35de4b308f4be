import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUTH_MESSAGES, RATE_LIMIT_MESSAGES, RATE_LIMITS } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, uniqueIp } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { parseMail, resetKeyIn } from "../../../test/mail.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL: mail goes to DATA_DIR/outbox
});
afterAll(() => t.close());

const FORGOT = "/api/auth/forgotPassword";
const RESET = "/api/auth/resetPassword";

/** Asks for a reset link from the forgot-password form and returns the key of the mail it wrote. */
async function requestKey(email: string): Promise<string> {
  const outbox = path.join(t.config.DATA_DIR, "outbox");
  const before = new Set(await readdir(outbox).catch(() => []));
  expect((await new Agent(t.app, uniqueIp()).post(FORGOT, { email })).statusCode).toBe(200);
  const added = (await readdir(outbox)).filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  return resetKeyIn(parseMail(await readFile(path.join(outbox, added[0] as string), "utf8")).text);
}

const reset = (key: string, password: string) =>
  new Agent(t.app, uniqueIp()).post(RESET, { key, password });

describe("security round 3: password-reset keys", () => {
  it("two password-reset keys for one account both work: using one ends the other", async () => {
    const { user } = await buildUser(t.ctx.db);
    const first = await requestKey(user.email);
    const second = await requestKey(user.email);

    expect((await reset(second, "the-chosen-password")).statusCode).toBe(200);
    const res = await reset(first, "an-attackers-password");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    await new Agent(t.app, uniqueIp()).login(user.username, "the-chosen-password");
  });

  it("two password-reset keys for one account both work: issuing a new key ends the earlier one", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const first = await requestKey(user.email);
    const second = await requestKey(user.email);

    const res = await reset(first, "an-attackers-password");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid });
    await new Agent(t.app, uniqueIp()).login(user.username, password);
    // The newest key still works.
    expect((await reset(second, "the-chosen-password")).statusCode).toBe(200);
  });

  it("resetPassword has no abuse limit: one address's tries of keys are refused with 429 past the limit", async () => {
    const agent = new Agent(t.app, uniqueIp());
    const { max } = RATE_LIMITS.passwordResets;
    for (let i = 0; i < max; i++) {
      const res = await agent.post(RESET, { key: `guess-${i}`, password: "a-good-password" });
      expect(res.statusCode).toBe(400);
    }
    const refused = await agent.post(RESET, { key: "guess-last", password: "a-good-password" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGES.passwordResets });
  });
});
