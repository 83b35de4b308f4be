import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { findUserById } from "../../features/users/lookup.ts";
import { createSession, endSessionsNow, resolveSession } from "./sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("resolveSession", () => {
  it("gives the session's user exactly as the users table reads, every kind of column included", async () => {
    const { user } = await buildUser(t.ctx.db, {
      role: "banned",
      isDj: true,
      age: 31,
      loginIps: ["10.0.0.1", "2001:db8::1"],
      customLinks: ["https://example.test/a,b", 'say "hi"'],
      nameTagStyling: { color: "#ff0000", nested: { list: [1, "two", null] } },
      banReason: "Spam, twice",
      bannedAt: new Date("2026-03-29T00:59:59.123Z"),
      banExpiresAt: new Date("2026-10-25T01:00:00.999Z"),
      lastSeenAt: new Date(),
      bio: "Line one\nLine \\ two – ünïcödé 🎧",
    });
    const { token } = await createSession(t.ctx.db, user.id, { ip: "10.0.0.1" });
    const resolved = await resolveSession(t.ctx.db, token);
    expect(resolved).toEqual(await findUserById(t.ctx.db, user.id));
    expect(resolved?.bannedAt).toBeInstanceOf(Date);

    const plain = (await buildUser(t.ctx.db)).user;
    const second = await createSession(t.ctx.db, plain.id, { ip: "10.0.0.2" });
    expect(await resolveSession(t.ctx.db, second.token)).toEqual(plain);
  });

  it("knows no user for an unknown or ended session", async () => {
    const { user } = await buildUser(t.ctx.db);
    const { token } = await createSession(t.ctx.db, user.id, { ip: "10.0.0.3" });
    expect(await resolveSession(t.ctx.db, `${token}x`)).toBeNull();
    await endSessionsNow(t.ctx, { token });
    expect(await resolveSession(t.ctx.db, token)).toBeNull();
  });
});
