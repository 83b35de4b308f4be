import {
  ADMIN_API,
  AUTH_MESSAGES,
  CSRF_HEADER,
  HTTP_MESSAGES,
  IP_BAN_MESSAGES,
  type IpBansPage,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { buildIpBans } from "../../../../test/factories/ip-bans.ts";
import {
  type BuiltUser,
  buildAdmin,
  buildBannedUser,
  buildIpBan,
  buildModerator,
  buildUser,
} from "../../../../test/factories.ts";
import { memberSocket } from "../../../../test/sockets.ts";
import { ipBans } from "../../auth/schema.ts";

let t: TestApp;
let baseUrl: string;
const opened: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

/** Test addresses: a fresh one per call, so tests never see each other's bans. */
let n = 0;
const freshIp = () => `203.0.113.${++n}`;

const ADMIN_IP = "198.51.100.200";

async function signIn(built: BuiltUser | Promise<BuiltUser>, ip = "198.51.100.1") {
  const { user, password } = await built;
  const agent = new Agent(t.app, ip);
  await agent.login(user.username, password);
  return agent;
}

const signInAdmin = async () => {
  const built = await buildAdmin(t.ctx.db);
  return { admin: built.user, agent: await signIn(built, ADMIN_IP) };
};

const loginFrom = (ip: string, { user, password }: BuiltUser) =>
  new Agent(t.app, ip).post("/api/auth/login", { username: user.username, password });

const banCount = async () => (await t.ctx.db.select().from(ipBans)).length;

/** The session's state as a client on another address sees it (that address is not banned). */
const sessionSeenElsewhere = (agent: Agent) =>
  t.app
    .inject({
      url: "/api/auth/checkauth",
      remoteAddress: "198.51.100.250",
      cookies: { aw_sid: agent.cookie("aw_sid") ?? "" },
    })
    .then((res) => res.json().authenticated as boolean);

describe("POST ADMIN_API.ipBans (the ban dialog)", () => {
  it("bans an IP with the default reason: new log-ins from it answer 403 blacklist; unban lets them in", async () => {
    const { admin, agent } = await signInAdmin();
    const member = await buildUser(t.ctx.db);
    const ip = freshIp();

    const res = await agent.post(ADMIN_API.ipBans, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      ban: { ip, reason: IP_BAN_MESSAGES.defaultReason, userId: null },
    });

    const refused = await loginFrom(ip, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: "blacklist",
      message: AUTH_MESSAGES.bannedBlacklist,
    });
    // Another address is not affected.
    expect((await loginFrom(freshIp(), member)).statusCode).toBe(200);

    const list = (await agent.get(ADMIN_API.ipBans, { search: ip })).json() as IpBansPage;
    expect(list.bannedIPs).toEqual([
      expect.objectContaining({
        ip,
        reason: IP_BAN_MESSAGES.defaultReason,
        bannedBy: admin.id,
        bannedByUsername: admin.username,
      }),
    ]);

    const unban = await agent.send("DELETE", ADMIN_API.ipBan(ip));
    expect(unban.statusCode).toBe(200);
    expect(unban.json()).toEqual({ ok: true });
    expect((await loginFrom(ip, member)).statusCode).toBe(200);
  });

  it("keeps the given reason, trimmed", async () => {
    const { agent } = await signInAdmin();
    const ip = freshIp();
    const res = await agent.post(ADMIN_API.ipBans, { ip: ` ${ip} `, reason: "  Spam bots " });
    expect(res.json().ban).toMatchObject({ ip, reason: "Spam bots" });
  });

  it.each([
    [{}, IP_BAN_MESSAGES.ipRequired],
    [{ ip: "  " }, IP_BAN_MESSAGES.ipRequired],
    [{ ip: "256.1.1.1" }, IP_BAN_MESSAGES.invalidIp],
    [{ ip: "1.2.3" }, IP_BAN_MESSAGES.invalidIp],
    [{ ip: "1.2.3.4; drop table ip_bans" }, IP_BAN_MESSAGES.invalidIp],
    [{ ip: 12 }, IP_BAN_MESSAGES.ipRequired],
    [{ ip: "1.2.3.4", reason: "x".repeat(201) }, IP_BAN_MESSAGES.reasonTooLong],
  ])("refuses %j with 400 '%s', writing nothing", async (body, message) => {
    const { agent } = await signInAdmin();
    const before = await banCount();
    const res = await agent.post(ADMIN_API.ipBans, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await banCount()).toBe(before);
  });

  it("refuses a duplicate with 409 'IP already banned' (also written with leading zeros) and keeps the first ban", async () => {
    const { agent } = await signInAdmin();
    const ip = freshIp();
    await agent.post(ADMIN_API.ipBans, { ip, reason: "First" });
    for (const again of [ip, ip.replace("203.0.113.", "203.000.113.")]) {
      const res = await agent.post(ADMIN_API.ipBans, { ip: again, reason: "Second" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: IP_BAN_MESSAGES.alreadyBanned });
    }
    const list = (await agent.get(ADMIN_API.ipBans, { search: ip })).json() as IpBansPage;
    expect(list.bannedIPs.map((b) => b.reason)).toEqual(["First"]);
  });

  it("refuses the admin's own request IP with 400 so they cannot lock themselves out", async () => {
    const { agent } = await signInAdmin();
    const before = await banCount();
    const res = await agent.post(ADMIN_API.ipBans, { ip: ADMIN_IP });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: IP_BAN_MESSAGES.ownIp });
    expect(await banCount()).toBe(before);
    expect((await agent.get(ADMIN_API.ipBans)).statusCode).toBe(200);
  });

  it("refuses an IP another Admin signs in from (last login or live session) with 400, from the tab and from a member sharing it", async () => {
    const { agent } = await signInAdmin();
    const before = await banCount();
    // Two admins on one network (an office): banning it from elsewhere would lock them out.
    const officeIp = freshIp();
    const colleague = await buildAdmin(t.ctx.db);
    const colleagueAgent = await signIn(colleague, officeIp);
    const member = await buildUser(t.ctx.db);
    await signIn(member, officeIp);

    const fromTab = await agent.post(ADMIN_API.ipBans, { ip: officeIp });
    expect(fromTab.statusCode).toBe(400);
    expect(fromTab.json()).toEqual({ message: IP_BAN_MESSAGES.adminIp });
    const fromUser = await agent.post(ADMIN_API.userBanIp(member.user.id));
    expect(fromUser.statusCode).toBe(400);
    expect(fromUser.json()).toEqual({ message: IP_BAN_MESSAGES.adminIp });

    // A live session from an address that is no longer the Admin's last login counts too.
    await signIn(colleague, freshIp());
    expect((await agent.post(ADMIN_API.ipBans, { ip: officeIp })).statusCode).toBe(400);

    expect(await banCount()).toBe(before);
    expect(await sessionSeenElsewhere(colleagueAgent)).toBe(true);
    expect((await loginFrom(officeIp, colleague)).statusCode).toBe(200);
  });

  it("ends the sessions signed in from that IP and closes their live connection; others keep theirs", async () => {
    const { agent: admin } = await signInAdmin();
    const ip = freshIp();
    const fromIp = await signIn(buildUser(t.ctx.db), ip);
    const elsewhere = await signIn(buildUser(t.ctx.db), freshIp());
    const socket = await memberSocket(baseUrl, `aw_sid=${fromIp.cookie("aw_sid")}`, opened);
    const otherSocket = await memberSocket(baseUrl, `aw_sid=${elsewhere.cookie("aw_sid")}`, opened);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    expect((await admin.post(ADMIN_API.ipBans, { ip })).statusCode).toBe(200);

    await closed;
    expect(socket.connected).toBe(false);
    expect(await sessionSeenElsewhere(fromIp)).toBe(false);
    expect(await sessionSeenElsewhere(elsewhere)).toBe(true);
    expect(otherSocket.connected).toBe(true);
    // The member's browser on the banned address is told it is banned.
    expect((await fromIp.get("/api/auth/checkauth")).json()).toMatchObject({
      authenticated: false,
      banned: true,
      banKind: "blacklist",
    });
  });
});

describe("POST ADMIN_API.userBanIp (the user dialog's 'ban the user's IP')", () => {
  it("bans the user's last login IP with the account attached: log-ins from it answer 403 banned_ip", async () => {
    const { agent } = await signInAdmin();
    const member = await buildUser(t.ctx.db);
    const ip = freshIp();
    await signIn(member, ip);

    const res = await agent.post(ADMIN_API.userBanIp(member.user.id), { reason: "Ban evasion" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      ban: { ip, reason: "Ban evasion", userId: member.user.id },
    });

    const other = await buildUser(t.ctx.db);
    const refused = await loginFrom(ip, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: "banned_ip", message: AUTH_MESSAGES.bannedIp });

    await agent.send("DELETE", ADMIN_API.ipBan(ip));
    expect((await loginFrom(ip, member)).statusCode).toBe(200);
  });

  it("takes the default reason from an empty body, and refuses a second ban with 409", async () => {
    const { agent } = await signInAdmin();
    const member = await buildUser(t.ctx.db);
    await signIn(member, freshIp());
    const first = await agent.post(ADMIN_API.userBanIp(member.user.id));
    expect(first.json().ban.reason).toBe(IP_BAN_MESSAGES.defaultReason);
    const again = await agent.post(ADMIN_API.userBanIp(member.user.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: IP_BAN_MESSAGES.alreadyBanned });
  });

  it("refuses a user who never signed in (400), an unknown user (404), an Admin (400) and the admin's own IP (400)", async () => {
    const { agent } = await signInAdmin();
    const before = await banCount();

    const never = await buildUser(t.ctx.db);
    const noIp = await agent.post(ADMIN_API.userBanIp(never.user.id));
    expect(noIp.statusCode).toBe(400);
    expect(noIp.json()).toEqual({ message: IP_BAN_MESSAGES.noLoginIp });

    const unknown = await agent.post(ADMIN_API.userBanIp("no-such-user"));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: IP_BAN_MESSAGES.userNotFound });

    const otherAdmin = await buildAdmin(t.ctx.db);
    await signIn(otherAdmin, freshIp());
    const adminTarget = await agent.post(ADMIN_API.userBanIp(otherAdmin.user.id));
    expect(adminTarget.statusCode).toBe(400);
    expect(adminTarget.json()).toEqual({ message: IP_BAN_MESSAGES.adminIp });

    const sameIp = await buildUser(t.ctx.db);
    await signIn(sameIp, ADMIN_IP);
    const own = await agent.post(ADMIN_API.userBanIp(sameIp.user.id));
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: IP_BAN_MESSAGES.ownIp });

    expect(await banCount()).toBe(before);
  });
});

describe("DELETE ADMIN_API.ipBan(ip)", () => {
  it("answers 404 for an IP that is not banned", async () => {
    const { agent } = await signInAdmin();
    for (const ip of [freshIp(), "not-an-ip"]) {
      const res = await agent.send("DELETE", ADMIN_API.ipBan(ip));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: IP_BAN_MESSAGES.notBanned });
    }
  });

  it("needs the CSRF token: without it 403 and the IP stays banned", async () => {
    const { agent } = await signInAdmin();
    const ip = freshIp();
    await buildIpBan(t.ctx.db, { ip });
    const res = await agent.request("DELETE", ADMIN_API.ipBan(ip));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
    const wrong = await agent.request("DELETE", ADMIN_API.ipBan(ip), {
      headers: { [CSRF_HEADER]: "wrong" },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await loginFrom(ip, await buildUser(t.ctx.db))).statusCode).toBe(403);
  });
});

describe("GET ADMIN_API.ipBans", () => {
  it("pages 10 newest first with the total, and searches by IP substring", async () => {
    const { agent } = await signInAdmin();
    await buildIpBans(t.ctx.db, 23, { prefix: "192.0.2" });

    const first = (await agent.get(ADMIN_API.ipBans, { search: "192.0.2." })).json();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(first.bannedIPs.map((b: { ip: string }) => b.ip)).toEqual(
      Array.from({ length: 10 }, (_, i) => `192.0.2.${i}`),
    );
    const third = (await agent.get(ADMIN_API.ipBans, { search: "192.0.2.", page: "3" })).json();
    expect(third.page).toBe(3);
    expect(third.bannedIPs.map((b: { ip: string }) => b.ip)).toEqual(
      ["20", "21", "22"].map((x) => `192.0.2.${x}`),
    );
    const one = (await agent.get(ADMIN_API.ipBans, { search: "192.0.2.17" })).json();
    expect(one.total).toBe(1);
    expect(one.bannedIPs[0]).toMatchObject({ ip: "192.0.2.17", reason: "Factory ban 17" });
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    const { agent } = await signInAdmin();
    await buildIpBans(t.ctx.db, 2, { prefix: "192.0.3" });
    for (const search of ["%", "_", "192_0", "\\"]) {
      const page = (await agent.get(ADMIN_API.ipBans, { search })).json() as IpBansPage;
      expect(page).toMatchObject({ total: 0, bannedIPs: [] });
    }
  });

  it("lists the banned accounts that used the IP and counts every account that used it", async () => {
    const { agent } = await signInAdmin();
    const ip = freshIp();
    const bannedAt = new Date("2026-01-02T03:04:05.000Z");
    const banned = await buildBannedUser(t.ctx.db, { loginIps: ["10.0.0.1", ip], bannedAt });
    await buildUser(t.ctx.db, { loginIps: [ip] });
    await buildUser(t.ctx.db, { loginIps: [`${ip}0`] }); // a longer address is another IP
    await buildBannedUser(t.ctx.db, { loginIps: ["10.0.0.2"] });
    await buildIpBan(t.ctx.db, { ip });

    const page = (await agent.get(ADMIN_API.ipBans, { search: ip })).json() as IpBansPage;
    const row = page.bannedIPs.find((b) => b.ip === ip);
    expect(row).toMatchObject({
      affectedUsers: 2,
      bannedUsers: [{ username: banned.user.username, bannedAt: bannedAt.toISOString() }],
      bannedBy: null,
      bannedByUsername: null,
    });
  });

  it("refuses an invalid page with 400", async () => {
    const { agent } = await signInAdmin();
    const res = await agent.get(ADMIN_API.ipBans, { page: "0" });
    expect(res.statusCode).toBe(400);
  });
});

describe("only an Admin manages IP bans", () => {
  it("answers 403 to a member and a Moderator on every call, changing nothing", async () => {
    const ip = freshIp();
    await buildIpBan(t.ctx.db, { ip });
    const target = await buildUser(t.ctx.db);
    await signIn(target, freshIp());
    for (const built of [buildUser(t.ctx.db), buildModerator(t.ctx.db)]) {
      const agent = await signIn(built);
      const before = await banCount();
      const answers = [
        await agent.get(ADMIN_API.ipBans),
        await agent.post(ADMIN_API.ipBans, { ip: freshIp() }),
        await agent.post(ADMIN_API.ipBans, { ip: "bad" }),
        await agent.post(ADMIN_API.userBanIp(target.user.id)),
        await agent.send("DELETE", ADMIN_API.ipBan(ip)),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
      expect(answers.map((r) => r.json())).toEqual(
        answers.map(() => ({ message: HTTP_MESSAGES.forbidden })),
      );
      expect(await banCount()).toBe(before);
    }
  });

  it("answers 401 to a visitor", async () => {
    const res = await new Agent(t.app).get(ADMIN_API.ipBans);
    expect(res.statusCode).toBe(401);
  });
});
