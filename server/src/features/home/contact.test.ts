import { AUTH_MESSAGES, HOME_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../test/mail.ts";
import { contactMessages } from "./schema.ts";

const CONTACT_EMAIL = "station@example.test";

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const CONTACT = "/api/home/contact";
const message = (over: Record<string, string> = {}) => ({
  name: "Sam Listener",
  email: "sam@example.test",
  subject: "Request for Friday",
  message: "Could you play more deep house on Friday nights?",
  ...over,
});

describe("POST /api/home/contact", () => {
  it("stores the message and mails it to CONTACT_EMAIL", async () => {
    const input = message();
    const res = await new Agent(t.app, "10.40.0.1").post(CONTACT, input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: HOME_MESSAGES.contactSent });

    const rows = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, input.subject));
    expect(rows).toEqual([
      expect.objectContaining({
        name: input.name,
        email: input.email,
        message: input.message,
        ip: "10.40.0.1",
      }),
    ]);

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.rcptTo).toEqual([CONTACT_EMAIL]);
    expect(mail?.subject).toContain(input.subject);
    expect(mail?.text).toContain(input.message);
    expect(mail?.text).toContain(input.email);
  });

  it.each([
    ["an invalid e-mail", { email: "not-an-email" }, AUTH_MESSAGES.emailInvalid],
    ["a missing name", { name: " " }, HOME_MESSAGES.nameRequired],
    ["a missing subject", { subject: "" }, HOME_MESSAGES.subjectRequired],
    ["a missing message", { message: "" }, HOME_MESSAGES.messageRequired],
  ])(
    "refuses %s with 400 and the contract's message; nothing stored or mailed",
    async (_, over, text) => {
      const stored = await countRows(t.ctx.db, contactMessages);
      const mailed = smtp.mails.length;
      const res = await new Agent(t.app).post(CONTACT, message(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: text });
      expect(await countRows(t.ctx.db, contactMessages)).toBe(stored);
      expect(smtp.mails).toHaveLength(mailed);
    },
  );
});
