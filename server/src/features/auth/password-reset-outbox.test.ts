import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUTH_LIMITS, AUTH_MESSAGES } from "@airwave/contracts";
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

const outboxFiles = async (dir: string) => (await readdir(dir).catch(() => [])).sort();

describe("password reset without SMTP", () => {
  it("writes the mail as an .eml file under DATA_DIR/outbox, and its link works", async () => {
    expect(t.ctx.mailer.kind).toBe("outbox");
    const outbox = path.join(t.config.DATA_DIR, "outbox");
    const { user } = await buildUser(t.ctx.db);
    const before = await outboxFiles(outbox);

    const res = await new Agent(t.app, uniqueIp()).post("/api/auth/forgotPassword", {
      email: user.email,
    });
    expect(res.json()).toMatchObject({ msg: AUTH_MESSAGES.forgotSent });

    const added = (await outboxFiles(outbox)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const mail = parseMail(await readFile(path.join(outbox, added[0] as string), "utf8"));
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(AUTH_MESSAGES.resetMailSubject);

    const key = resetKeyIn(mail.text);
    const reset = await new Agent(t.app).post("/api/auth/resetPassword", {
      key,
      password: "a-brand-new-password",
    });
    expect(reset.statusCode).toBe(200);
    await new Agent(t.app).login(user.username, "a-brand-new-password");
  });

  it("mails one account at most resetMailsPerHour times an hour, with the same answer every time", async () => {
    const outbox = path.join(t.config.DATA_DIR, "outbox");
    const { user } = await buildUser(t.ctx.db);
    const before = await outboxFiles(outbox);
    const asks = AUTH_LIMITS.resetMailsPerHour + 3;
    const answers = await Promise.all(
      Array.from({ length: asks }, () =>
        new Agent(t.app, uniqueIp()).post("/api/auth/forgotPassword", {
          email: user.email.toUpperCase(),
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ msg: AUTH_MESSAGES.forgotSent });
    }
    const added = (await outboxFiles(outbox)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(AUTH_LIMITS.resetMailsPerHour);
  });
});
