import { ADMIN_API, type AdminUsersPage, HTTP_MESSAGES, type IpBansPage } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildAdmin, buildIpBan, buildUser } from "../../../test/factories.ts";
import { ipBans } from "../auth/schema.ts";
import { users } from "../users/schema.ts";

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const built = await buildAdmin(t.ctx.db);
  admin = new Agent(t.app, "198.51.100.77");
  await admin.login(built.user.username, built.password);
});
afterAll(() => t.close());

/** PostgreSQL cannot store a NUL character: `%00` in a path or query, or "\u0000" in a JSON body. */
const NUL = "\u0000";

const expectBadInput = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidInput });
};

describe("admin calls given a NUL character answer 400 (not 500) and change nothing", () => {
  it("in an id, a search or a path segment of the reading calls", async () => {
    for (const [url, query] of [
      [ADMIN_API.users, { search: `a${NUL}` }],
      [ADMIN_API.user(`x${NUL}`), undefined],
      [ADMIN_API.postReports(`x${NUL}`), undefined],
      [ADMIN_API.ipBans, { search: `1${NUL}` }],
    ] as [string, Record<string, string> | undefined][]) {
      expectBadInput(await admin.get(url, query));
    }
  });

  it("in an id or a reason of the writing calls", async () => {
    const member = await buildUser(t.ctx.db, { lastLoginIp: "203.0.113.90" });
    const bansBefore = await countRows(t.ctx.db, ipBans);
    for (const [url, body] of [
      [ADMIN_API.userRole(`x${NUL}`), { role: "user" }],
      [ADMIN_API.userDj(`x${NUL}`), { isDj: true }],
      [ADMIN_API.userBan(`x${NUL}`), {}],
      [ADMIN_API.userBan(member.user.id), { reason: `spam${NUL}` }],
      [ADMIN_API.userUnban(`x${NUL}`), undefined],
      [ADMIN_API.userResetEmail(`x${NUL}`), undefined],
      [ADMIN_API.userDelete(`x${NUL}`), undefined],
      [ADMIN_API.userBanIp(`x${NUL}`), undefined],
      [ADMIN_API.userBanIp(member.user.id), { reason: `spam${NUL}` }],
      [ADMIN_API.ipBans, { ip: "203.0.113.91", reason: `spam${NUL}` }],
    ] as [string, unknown][]) {
      expectBadInput(await admin.post(url, body));
    }
    expectBadInput(await admin.send("DELETE", ADMIN_API.ipBan(`1${NUL}`)));

    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(after).toMatchObject({ role: "user", banReason: null, bannedAt: null });
    expect(await countRows(t.ctx.db, ipBans)).toBe(bansBefore);
  });
});

describe("searches match `%`, `_` and `\\` literally", () => {
  it("in the users and the IP bans lists", async () => {
    await buildUser(t.ctx.db, { username: "wild_card_1" });
    await buildIpBan(t.ctx.db, { ip: "192.0.2.55" });
    for (const search of ["%", "_", "\\"]) {
      const list = (await admin.get(ADMIN_API.users, { search })).json() as AdminUsersPage;
      for (const u of list.users) expect(u.username).toContain(search);
      const bans = (await admin.get(ADMIN_API.ipBans, { search })).json() as IpBansPage;
      expect(bans.bannedIPs).toEqual([]);
    }
  });
});

describe("double clicks: the same call twice at once", () => {
  it("creating one user: 201 and 409, one account", async () => {
    const body = { username: "twice_made", email: "twice@example.com", password: "secret-1" };
    const answers = await Promise.all([
      admin.post(ADMIN_API.users, body),
      admin.post(ADMIN_API.users, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t.ctx.db, users, eq(users.username, "twice_made"))).toBe(1);
  });

  it("banning, unbanning, IP-banning and deleting twice never answer 500", async () => {
    const member = await buildUser(t.ctx.db);
    const twice = (url: string, body?: unknown) =>
      Promise.all([admin.post(url, body), admin.post(url, body)]).then((rs) =>
        rs.map((r) => r.statusCode).sort(),
      );
    expect(await twice(ADMIN_API.userBan(member.user.id), { reason: "spam" })).toEqual([200, 200]);
    expect(await twice(ADMIN_API.userUnban(member.user.id))).not.toContain(500);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(after?.role).toBe("user");
    expect(await twice(ADMIN_API.ipBans, { ip: "192.0.2.66" })).toEqual([200, 409]);
    const unbans = await Promise.all([
      admin.send("DELETE", ADMIN_API.ipBan("192.0.2.66")),
      admin.send("DELETE", ADMIN_API.ipBan("192.0.2.66")),
    ]);
    expect(unbans.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await twice(ADMIN_API.userDelete(member.user.id))).toEqual([200, 404]);
  });
});
