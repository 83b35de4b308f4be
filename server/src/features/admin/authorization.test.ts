import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteCalls } from "../../../test/admin-calls/delete.ts";
import { firstSliceCalls } from "../../../test/admin-calls/first-slice.ts";
import { ipBansCalls } from "../../../test/admin-calls/ip-bans.ts";
import { mp3RotationCalls } from "../../../test/admin-calls/mp3-rotation.ts";
import { overviewCalls } from "../../../test/admin-calls/overview.ts";
import { pointsCalls } from "../../../test/admin-calls/points.ts";
import { postsCalls } from "../../../test/admin-calls/posts.ts";
import type { AdminCallRequest } from "../../../test/admin-calls/types.ts";
import { usersCalls } from "../../../test/admin-calls/users.ts";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { databaseFingerprint } from "../../../test/db-fingerprint.ts";
import { buildDj } from "../../../test/factories/schedule.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";

/**
 * The authorization matrix (issue 7): every admin call tried as a visitor (401), a member, a DJ and
 * a Moderator (403), with the database unchanged by the refused attempts, then as an Admin (2xx).
 */
const CALLS = [
  ...firstSliceCalls,
  ...overviewCalls,
  ...usersCalls,
  ...deleteCalls,
  ...postsCalls,
  ...ipBansCalls,
  ...pointsCalls,
  ...mp3RotationCalls,
];

let t: TestApp;
let refused: { who: string; agent: Agent; status: number }[];
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const member = await signInMember(t, buildUser);
  const dj = await signInMember(t, buildDj);
  const moderator = await signInMember(t, buildModerator);
  admin = (await signInMember(t, buildAdmin)).agent;
  refused = [
    { who: "a visitor", agent: new Agent(t.app), status: 401 },
    { who: "a member", agent: member.agent, status: 403 },
    { who: "a DJ", agent: dj.agent, status: 403 },
    { who: "a Moderator", agent: moderator.agent, status: 403 },
  ];
});
afterAll(() => t.close());

async function send(agent: Agent, req: AdminCallRequest) {
  if (req.form) return agent.postForm(req.url, req.form);
  if (req.method === "GET") return agent.get(req.url);
  return agent.send(req.method, req.url, req.body);
}

describe("admin calls: authorization matrix", () => {
  it("covers every admin call of the dashboard", () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(firstSliceCalls.length);
    expect(new Set(CALLS.map((c) => c.name)).size).toBe(CALLS.length);
  });

  it("the database fingerprint sees a change (so an unchanged one means nothing was written)", async () => {
    const before = await databaseFingerprint(t.ctx.db);
    await buildUser(t.ctx.db);
    expect(await databaseFingerprint(t.ctx.db)).not.toEqual(before);
  });

  for (const call of CALLS) {
    it(`${call.name}: refused to everyone but an Admin, nothing changed`, async () => {
      const req = await call.prepare(t);
      const before = await databaseFingerprint(t.ctx.db);
      for (const { who, agent, status } of refused) {
        const res = await send(agent, req);
        expect({ who, status: res.statusCode }).toEqual({ who, status });
        expect(res.json()).toHaveProperty("message");
      }
      expect(await databaseFingerprint(t.ctx.db)).toEqual(before);

      const res = await send(admin, req);
      expect({ call: call.name, status: res.statusCode, ok: res.statusCode < 300 }).toMatchObject({
        ok: true,
      });
    });
  }
});
