import net from "node:net";
import { AUTH_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";

/** A port with nothing listening: the SMTP server is down. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
});
afterAll(() => t.close());

describe("forgot password while the mail server is down", () => {
  it("answers exactly as for an unknown e-mail, so no account is revealed", async () => {
    const { user } = await buildUser(t.ctx.db);
    const known = await new Agent(t.app).post("/api/auth/forgotPassword", { email: user.email });
    const unknown = await new Agent(t.app).post("/api/auth/forgotPassword", {
      email: "nobody@example.test",
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ msg: AUTH_MESSAGES.forgotSent });
  });
});
