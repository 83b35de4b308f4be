import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { sessions } from "./schema.ts";
import { createSession, hashToken, PRUNE_SESSIONS_JOB } from "./sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("the hourly job deletes expired sessions and keeps live ones", async () => {
  const { user } = await buildUser(t.ctx.db);
  const live = await createSession(t.ctx.db, user.id, { ip: "203.0.113.5" });
  const expired = await createSession(t.ctx.db, user.id, { ip: "203.0.113.5" });
  await t.ctx.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.idHash, hashToken(expired.token)));

  expect(await t.jobs.runOnce(PRUNE_SESSIONS_JOB)).toBe(true);

  const left = await t.ctx.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  expect(left).toEqual([{ idHash: hashToken(live.token) }]);
});
