import { AUTH_MESSAGES, USER_EVENTS } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { memberSocket } from "../../../test/sockets.ts";
import { sessions } from "./schema.ts";
import { createSession, hashToken, PRUNE_SESSIONS_JOB, SESSION_COOKIE } from "./sessions.ts";

let t: TestApp;
const opened: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of opened) s.disconnect();
  await t.close();
});

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

it("the hourly job closes the sockets still open with a session that expired", async () => {
  const { user } = await buildUser(t.ctx.db);
  const session = await createSession(t.ctx.db, user.id, { ip: "203.0.113.6" });
  const url = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const socket = await memberSocket(url, `${SESSION_COOKIE}=${session.token}`, opened);
  await t.ctx.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.idHash, hashToken(session.token)));
  const kicked = new Promise((resolve) => socket.once(USER_EVENTS.forceKick, resolve));
  const closed = new Promise((resolve) => socket.once("disconnect", resolve));

  expect(await t.jobs.runOnce(PRUNE_SESSIONS_JOB)).toBe(true);
  expect(await kicked).toEqual({ reason: AUTH_MESSAGES.sessionEnded });
  expect(await closed).toBe("io server disconnect");
});
