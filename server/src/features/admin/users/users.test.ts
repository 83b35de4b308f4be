import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  ADMIN_API,
  ADMIN_USERS_LIMITS,
  ADMIN_USERS_MESSAGES,
  type AdminUserDetail,
  type AdminUsersPage,
  AUTH_LIMITS,
  AUTH_MESSAGES,
  CHAT_MESSAGES,
  CHAT_SERVER_EVENTS,
  type ForceKickEvent,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { buildAdmin, buildUser, DEFAULT_TEST_PASSWORD } from "../../../../test/factories.ts";
import { parseMail } from "../../../../test/mail.ts";
import { memberSocket } from "../../../../test/sockets.ts";
import { users } from "../../users/schema.ts";

let t: TestApp;
let baseUrl: string;
let admin: Agent;
let adminId: string;
const sockets: Socket[] = [];
let ipSeq = 10;
/** A fresh TEST-NET address per scenario, so related accounts never leak between tests. */
const freshIp = () => `203.0.113.${ipSeq++}`;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const built = await buildAdmin(t.ctx.db);
  adminId = built.user.id;
  admin = new Agent(t.app, freshIp());
  await admin.login(built.user.username, built.password);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const rowOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no row");
  return row;
};

/** A member signed in from `ip`: that login records the IP on their account. */
async function signedInMember(ip: string, overrides: Parameters<typeof buildUser>[1] = {}) {
  const built = await buildUser(t.ctx.db, overrides);
  const agent = new Agent(t.app, ip);
  await agent.login(built.user.username, built.password);
  return { ...built, agent };
}

describe("GET users", () => {
  it("pages 15 newest first, with the total, and searches usernames literally in any case", async () => {
    const tag = `Srch${Date.now().toString(36).slice(-4)}`;
    const made: string[] = [];
    for (let i = 0; i < 17; i++) {
      const { user } = await buildUser(t.ctx.db, {
        username: `${tag}_${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      made.push(user.username);
    }
    const first = await admin.get(ADMIN_API.users, { search: tag.toLowerCase(), page: "1" });
    expect(first.statusCode).toBe(200);
    const body = first.json() as AdminUsersPage;
    expect(body).toMatchObject({ total: 17, page: 1, pageSize: ADMIN_USERS_LIMITS.pageSize });
    expect(body.users.map((u) => u.username)).toEqual(made.slice(2).reverse());
    const second = (await admin.get(ADMIN_API.users, { search: tag, page: "2" })).json();
    expect(second.users.map((u: { username: string }) => u.username)).toEqual([made[1], made[0]]);

    const row = body.users[0];
    expect(row).toMatchObject({ _id: row?.id, role: "user", isDj: false, bannedBy: null });
    expect(row).not.toHaveProperty("passwordHash");

    // `_` is a LIKE wildcard: typed in the box it only matches an underscore.
    const wildcard = (await admin.get(ADMIN_API.users, { search: `${tag}%` })).json();
    expect(wildcard.total).toBe(0);
    const underscore = (await admin.get(ADMIN_API.users, { search: `${tag}_1` })).json();
    expect(underscore.total).toBe(8); // _1, _10 … _16
  });

  it("refuses a page below 1", async () => {
    const res = await admin.get(ADMIN_API.users, { page: "0" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.invalidPage);
  });

  it("answers 403 to a Moderator and 401 to a visitor", async () => {
    const mod = await signedInMember(freshIp(), { role: "Moderator" });
    expect((await mod.agent.get(ADMIN_API.users)).statusCode).toBe(403);
    expect((await new Agent(t.app).get(ADMIN_API.users)).statusCode).toBe(401);
  });
});

describe("GET user", () => {
  it("returns the admin view and the accounts sharing a login IP", async () => {
    const ip = freshIp();
    const a = await signedInMember(ip);
    const b = await signedInMember(ip);
    await signedInMember(freshIp()); // unrelated
    const res = await admin.get(ADMIN_API.user(a.user.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminUserDetail;
    expect(body.user).toMatchObject({ id: a.user.id, lastLoginIp: ip, loginIps: [ip] });
    expect(body.relatedAccounts).toEqual([
      {
        id: b.user.id,
        username: b.user.username,
        role: "user",
        lastLoginAt: expect.any(String),
        sharedIps: [ip],
        banned: false,
      },
    ]);
    expect(Date.parse(body.relatedAccounts[0]?.lastLoginAt ?? "")).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(body.bannedWithThis).toEqual([]);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await admin.get(ADMIN_API.user("nobody"));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.userNotFound);
  });
});

describe("POST users (create)", () => {
  it("creates a user who can sign in, 201 with the user", async () => {
    const username = `made_${Date.now().toString(36).slice(-6)}`;
    const res = await admin.post(ADMIN_API.users, {
      username,
      email: `${username}@example.test`,
      password: "sixsix",
      role: "Moderator",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username, role: "Moderator" });
    await new Agent(t.app, freshIp()).login(username, "sixsix");
  });

  it("defaults the role to user", async () => {
    const username = `dflt_${Date.now().toString(36).slice(-6)}`;
    const res = await admin.post(ADMIN_API.users, {
      username,
      email: `${username}@example.test`,
      password: "sixsix",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe("user");
  });

  it.each([
    [{ username: "" }, ADMIN_USERS_MESSAGES.usernameRequired],
    [{ username: "ab" }, ADMIN_USERS_MESSAGES.usernameTooShort],
    [{ username: "a".repeat(21) }, ADMIN_USERS_MESSAGES.usernameTooLong],
    [{ username: "bad name!" }, ADMIN_USERS_MESSAGES.usernameInvalid],
    [{ email: "" }, ADMIN_USERS_MESSAGES.emailRequired],
    [{ email: "not-an-email" }, ADMIN_USERS_MESSAGES.emailInvalid],
    [{ password: "" }, ADMIN_USERS_MESSAGES.passwordRequired],
    [{ password: "five5" }, ADMIN_USERS_MESSAGES.passwordTooShort],
    [{ role: "banned" }, ADMIN_USERS_MESSAGES.roleInvalid],
  ])("refuses %j with its message, creating nothing", async (change, message) => {
    const base = { username: "valid_name_x", email: "valid_x@example.test", password: "sixsix" };
    const res = await admin.post(ADMIN_API.users, { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const found = (await admin.get(ADMIN_API.users, { search: "valid_name_x" })).json();
    expect(found.total).toBe(0);
  });

  it("answers 409 for a taken username or e-mail (any case)", async () => {
    const { user } = await buildUser(t.ctx.db);
    const byName = await admin.post(ADMIN_API.users, {
      username: user.username.toUpperCase(),
      email: "fresh_one@example.test",
      password: "sixsix",
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe(AUTH_MESSAGES.usernameTaken);
    const byEmail = await admin.post(ADMIN_API.users, {
      username: "fresh_one",
      email: user.email.toUpperCase(),
      password: "sixsix",
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });
});

describe("POST role and dj", () => {
  it("changes another user's role and DJ status", async () => {
    const { user } = await buildUser(t.ctx.db, { isDj: false });
    const role = await admin.post(ADMIN_API.userRole(user.id), { role: "Moderator" });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ message: ADMIN_USERS_MESSAGES.roleUpdated });
    const dj = await admin.post(ADMIN_API.userDj(user.id), { isDj: true });
    expect(dj.statusCode).toBe(200);
    expect(dj.json()).toMatchObject({ message: ADMIN_USERS_MESSAGES.djUpdated });
    expect(await rowOf(user.id)).toMatchObject({ role: "Moderator", isDj: true });
  });

  it("refuses an unknown role, a non-boolean DJ flag and an unknown user", async () => {
    const { user } = await buildUser(t.ctx.db);
    const role = await admin.post(ADMIN_API.userRole(user.id), { role: "banned" });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(ADMIN_USERS_MESSAGES.roleInvalid);
    expect((await admin.post(ADMIN_API.userDj(user.id), { isDj: "yes" })).statusCode).toBe(400);
    expect((await admin.post(ADMIN_API.userDj("nobody"), { isDj: true })).statusCode).toBe(404);
    expect((await rowOf(user.id)).role).toBe("user");
  });

  it("refuses an admin changing their own role, so the site keeps its admin", async () => {
    const res = await admin.post(ADMIN_API.userRole(adminId), { role: "user" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.cannotChangeOwnRole);
    expect((await rowOf(adminId)).role).toBe("Admin");
  });

  it("refuses changing a banned account's role (unban first)", async () => {
    const { user } = await buildUser(t.ctx.db, { role: "banned", bannedAt: new Date() });
    const res = await admin.post(ADMIN_API.userRole(user.id), { role: "user" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.bannedRoleLocked);
    expect((await rowOf(user.id)).role).toBe("banned");
  });
});

describe("POST ban and unban", () => {
  it("bans the user and every related account, ends their sessions and sockets, spares others", async () => {
    const ip = freshIp();
    const target = await signedInMember(ip, { isDj: true });
    const related = await signedInMember(ip);
    const relatedAdmin = await signedInMember(ip, { role: "Admin" });
    const bystander = await signedInMember(freshIp());

    const targetSocket = await memberSocket(
      baseUrl,
      `aw_sid=${target.agent.cookie("aw_sid")}`,
      sockets,
    );
    const relatedSocket = await memberSocket(
      baseUrl,
      `aw_sid=${related.agent.cookie("aw_sid")}`,
      sockets,
    );
    const bystanderSocket = await memberSocket(
      baseUrl,
      `aw_sid=${bystander.agent.cookie("aw_sid")}`,
      sockets,
    );
    const kicked = new Promise<ForceKickEvent>((resolve) =>
      targetSocket.once(CHAT_SERVER_EVENTS.forceKick, resolve),
    );
    const targetClosed = new Promise((resolve) => targetSocket.once("disconnect", resolve));
    const relatedClosed = new Promise((resolve) => relatedSocket.once("disconnect", resolve));

    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await admin.post(ADMIN_API.userBan(target.user.id), {
      reason: "Spam rings",
      expiresAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: ADMIN_USERS_MESSAGES.banned,
      banned: [target.user.username, related.user.username],
    });

    // The kick names the ban and carries its record, the one a sign-in after the ban answers (the
    // /banned page shows the same either way: issue 29, problem 9).
    const kick = await kicked;
    expect(kick.reason).toBe(`${CHAT_MESSAGES.bannedReason}: Spam rings`);
    expect(kick.ban).toMatchObject({
      reason: "account_banned",
      banReason: "Spam rings",
      banExpiresAt: expiresAt,
      ip,
    });
    expect(Date.parse(kick.ban?.bannedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    await targetClosed;
    await relatedClosed;
    expect(bystanderSocket.connected).toBe(true);

    // Sessions ended: their next call is a visitor's.
    expect((await target.agent.get("/api/auth/userdata")).statusCode).toBe(401);
    const signInAfterBan = await target.agent.post("/api/auth/login", {
      username: target.user.username,
      password: target.password,
    });
    expect(signInAfterBan.statusCode).toBe(403);
    const { message: _message, ...refused } = signInAfterBan.json();
    expect(refused).toEqual(kick.ban);
    expect((await related.agent.get("/api/auth/userdata")).statusCode).toBe(401);
    expect((await bystander.agent.get("/api/auth/userdata")).statusCode).toBe(200);
    expect((await relatedAdmin.agent.get("/api/auth/userdata")).statusCode).toBe(200);

    for (const id of [target.user.id, related.user.id]) {
      expect(await rowOf(id)).toMatchObject({
        role: "banned",
        banReason: "Spam rings",
        bannedBy: adminId,
        banExpiresAt: new Date(expiresAt),
      });
    }
    expect((await rowOf(relatedAdmin.user.id)).role).toBe("Admin");
    expect((await rowOf(bystander.user.id)).role).toBe("user");

    // The list shows who banned them, by name.
    const listed = (await admin.get(ADMIN_API.user(target.user.id))).json() as AdminUserDetail;
    expect(listed.user).toMatchObject({ role: "banned", banReason: "Spam rings" });
    expect(listed.user.bannedBy).toBeTruthy();

    // Signing in again answers the account ban.
    const again = await new Agent(t.app, freshIp()).post("/api/auth/login", {
      username: target.user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ reason: "account_banned", banReason: "Spam rings" });

    // Unban restores the role user, keeps the DJ flag, clears the ban.
    const unban = await admin.post(ADMIN_API.userUnban(target.user.id));
    expect(unban.statusCode).toBe(200);
    expect(unban.json().message).toBe(ADMIN_USERS_MESSAGES.unbanned);
    expect(await rowOf(target.user.id)).toMatchObject({
      role: "user",
      isDj: true,
      banReason: null,
      bannedAt: null,
      bannedBy: null,
      banExpiresAt: null,
    });
    await new Agent(t.app, freshIp()).login(target.user.username, DEFAULT_TEST_PASSWORD);
    // The related account stays banned until unbanned on its own.
    expect((await rowOf(related.user.id)).role).toBe("banned");
  });

  it("an unban gives back the role held before the ban, also after a second ban and when a ban runs out", async () => {
    const { user } = await buildUser(t.ctx.db, { role: "Moderator" });
    await admin.post(ADMIN_API.userBan(user.id), { reason: "First" });
    await admin.post(ADMIN_API.userBan(user.id), { reason: "Second" });
    expect(await rowOf(user.id)).toMatchObject({ role: "banned", banReason: "Second" });
    const unban = await admin.post(ADMIN_API.userUnban(user.id));
    expect(unban.json().user).toMatchObject({ role: "Moderator" });
    expect((await rowOf(user.id)).role).toBe("Moderator");

    // A ban that has run out lifts itself at the next sign-in, with the same role back.
    await admin.post(ADMIN_API.userBan(user.id), {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.ctx.db
      .update(users)
      .set({ banExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    await new Agent(t.app, freshIp()).login(user.username, DEFAULT_TEST_PASSWORD);
    expect(await rowOf(user.id)).toMatchObject({ role: "Moderator", banExpiresAt: null });
  });

  it("bans without a reason", async () => {
    const { user } = await buildUser(t.ctx.db);
    const res = await admin.post(ADMIN_API.userBan(user.id), {});
    expect(res.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ role: "banned", banReason: null });
  });

  it("never bans the acting admin or an Admin account", async () => {
    const self = await admin.post(ADMIN_API.userBan(adminId), {});
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_USERS_MESSAGES.cannotBanSelf);
    const other = await buildAdmin(t.ctx.db);
    const res = await admin.post(ADMIN_API.userBan(other.user.id), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.cannotBanAdmin);
    expect((await rowOf(other.user.id)).role).toBe("Admin");
    expect((await rowOf(adminId)).role).toBe("Admin");
  });

  it("does not ban the acting admin when they share an IP with the target", async () => {
    const ip = freshIp();
    const member = await signedInMember(ip);
    const { user: me, password } = await buildAdmin(t.ctx.db);
    const sameIpAdmin = new Agent(t.app, ip);
    await sameIpAdmin.login(me.username, password);
    const res = await sameIpAdmin.post(ADMIN_API.userBan(member.user.id), {});
    expect(res.json().banned).toEqual([member.user.username]);
    expect((await sameIpAdmin.get(ADMIN_API.users)).statusCode).toBe(200);
  });

  it("refuses a reason over 200 characters and an end in the past, banning nobody", async () => {
    const { user } = await buildUser(t.ctx.db);
    const long = await admin.post(ADMIN_API.userBan(user.id), { reason: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ADMIN_USERS_MESSAGES.banReasonTooLong);
    const past = await admin.post(ADMIN_API.userBan(user.id), {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(ADMIN_USERS_MESSAGES.banExpiryInvalid);
    const garbage = await admin.post(ADMIN_API.userBan(user.id), { expiresAt: "tomorrow" });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(ADMIN_USERS_MESSAGES.banExpiryInvalid);
    expect((await rowOf(user.id)).role).toBe("user");
    const ok = await admin.post(ADMIN_API.userBan(user.id), { reason: "x".repeat(200) });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 404 for an unknown user and 400 when unbanning someone not banned", async () => {
    expect((await admin.post(ADMIN_API.userBan("nobody"), {})).statusCode).toBe(404);
    const { user } = await buildUser(t.ctx.db);
    const res = await admin.post(ADMIN_API.userUnban(user.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.notBanned);
  });
});

describe("POST reset-email", () => {
  it("mails the user a working reset link", async () => {
    const { user } = await buildUser(t.ctx.db);
    const outbox = path.join(t.config.DATA_DIR, "outbox");
    const before = await readdir(outbox).catch(() => [] as string[]);
    const res = await admin.post(ADMIN_API.userResetEmail(user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.resetSent);
    const added = (await readdir(outbox)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const mail = parseMail(await readFile(path.join(outbox, added[0] as string), "utf8"));
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(AUTH_MESSAGES.resetMailSubject);
  });

  it("stops at resetMailsPerHour mails an hour for one account with a 429 saying so", async () => {
    const { user } = await buildUser(t.ctx.db);
    for (let i = 0; i < AUTH_LIMITS.resetMailsPerHour; i++) {
      expect((await admin.post(ADMIN_API.userResetEmail(user.id))).statusCode).toBe(200);
    }
    const over = await admin.post(ADMIN_API.userResetEmail(user.id));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ADMIN_USERS_MESSAGES.resetLimited);
    // Another account is not affected.
    const other = (await buildUser(t.ctx.db)).user;
    expect((await admin.post(ADMIN_API.userResetEmail(other.id))).statusCode).toBe(200);
  });

  it("refuses a banned account and an unknown user", async () => {
    const { user } = await buildUser(t.ctx.db, { role: "banned", bannedAt: new Date() });
    const res = await admin.post(ADMIN_API.userResetEmail(user.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.resetBanned);
    expect((await admin.post(ADMIN_API.userResetEmail("nobody"))).statusCode).toBe(404);
  });
});

describe("non-admins", () => {
  it("get 403 from every call and change nothing", async () => {
    const mod = await signedInMember(freshIp(), { role: "Moderator" });
    const { user } = await buildUser(t.ctx.db);
    const calls = [
      mod.agent.post(ADMIN_API.userRole(user.id), { role: "Admin" }),
      mod.agent.post(ADMIN_API.userDj(user.id), { isDj: true }),
      mod.agent.post(ADMIN_API.userBan(user.id), {}),
      mod.agent.post(ADMIN_API.users, {
        username: "mod_made",
        email: "mod_made@example.test",
        password: "sixsix",
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await rowOf(user.id)).toMatchObject({ role: "user", isDj: false });
  });
});

describe("related accounts chosen in the ban confirmation (issue 29, problem 2)", () => {
  /** A target and three members who signed in from the target's address, and one elsewhere. */
  async function household() {
    const ip = freshIp();
    const target = await signedInMember(ip);
    const [ann, cat, dan] = [
      await signedInMember(ip),
      await signedInMember(ip),
      await signedInMember(ip),
    ];
    if (!ann || !cat || !dan) throw new Error("no members");
    return { ip, target, ann, cat, dan };
  }

  it("bans exactly the related accounts left checked; the one banned with it is told so, not the reason, live and at sign-in", async () => {
    const { ip, target, ann, cat, dan } = await household();
    const annSocket = await memberSocket(baseUrl, `aw_sid=${ann.agent.cookie("aw_sid")}`, sockets);
    const annKicked = new Promise<ForceKickEvent>((resolve) =>
      annSocket.once(CHAT_SERVER_EVENTS.forceKick, resolve),
    );

    const res = await admin.post(ADMIN_API.userBan(target.user.id), {
      reason: "Tour ban test",
      relatedIds: [ann.user.id, dan.user.id],
    });
    expect(res.statusCode).toBe(200);
    const byName = (a: string, b: string) => a.localeCompare(b);
    expect(res.json().banned).toEqual([
      target.user.username,
      ...[ann.user.username, dan.user.username].sort(byName),
    ]);

    // Ann's open page hears she was banned together with another account, not ben's reason.
    const kick = await annKicked;
    expect(kick.reason).toBe(`${CHAT_MESSAGES.bannedReason}: ${AUTH_MESSAGES.bannedWithAnother}`);
    expect(kick.ban).toMatchObject({
      reason: "account_banned",
      banReason: AUTH_MESSAGES.bannedWithAnother,
      ip,
    });
    expect(JSON.stringify(kick)).not.toContain("Tour ban test");
    // Signing in answers the same record.
    const signIn = await new Agent(t.app, freshIp()).post("/api/auth/login", {
      username: ann.user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      reason: "account_banned",
      banReason: AUTH_MESSAGES.bannedWithAnother,
      bannedAt: kick.ban?.bannedAt,
    });
    // The target is told its own reason.
    const targetSignIn = await new Agent(t.app, freshIp()).post("/api/auth/login", {
      username: target.user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(targetSignIn.json().banReason).toBe("Tour ban test");

    // Cat, left unchecked, keeps her account and session.
    expect((await cat.agent.get("/api/auth/userdata")).statusCode).toBe(200);
    expect((await rowOf(cat.user.id)).role).toBe("user");
    expect(await rowOf(ann.user.id)).toMatchObject({
      role: "banned",
      bannedWith: target.user.id,
      bannedBy: adminId,
    });
    expect((await rowOf(target.user.id)).bannedWith).toBeNull();

    // The admin sees which ban each came with, and who is banned with the target.
    const annView = (await admin.get(ADMIN_API.user(ann.user.id))).json() as AdminUserDetail;
    expect(annView.user.bannedWith).toBe(target.user.username);
    const detail = (await admin.get(ADMIN_API.user(target.user.id))).json() as AdminUserDetail;
    expect(detail.bannedWithThis.map((r) => r.username).sort(byName)).toEqual(
      [ann.user.username, dan.user.username].sort(byName),
    );
    expect(detail.relatedAccounts.find((r) => r.id === ann.user.id)?.banned).toBe(true);
    expect(detail.relatedAccounts.find((r) => r.id === cat.user.id)?.banned).toBe(false);
  });

  it("bans no related account when none is left checked", async () => {
    const { target, ann } = await household();
    const res = await admin.post(ADMIN_API.userBan(target.user.id), { relatedIds: [] });
    expect(res.json().banned).toEqual([target.user.username]);
    expect((await rowOf(ann.user.id)).role).toBe("user");
  });

  it("refuses forged, unrelated, Admin, own and already banned ids with a 400, writing nothing", async () => {
    const { ip, target, ann } = await household();
    const stranger = await signedInMember(freshIp());
    const sameIpAdmin = await signedInMember(ip, { role: "Admin" });
    const alreadyBanned = await signedInMember(ip);
    await admin.post(ADMIN_API.userBan(alreadyBanned.user.id), {
      reason: "Own ban",
      relatedIds: [],
    });

    for (const forged of [
      "not-an-id",
      stranger.user.id,
      sameIpAdmin.user.id,
      adminId,
      target.user.id,
      alreadyBanned.user.id,
    ]) {
      const res = await admin.post(ADMIN_API.userBan(target.user.id), {
        reason: "Forged",
        relatedIds: [ann.user.id, forged],
      });
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.relatedInvalid);
    }
    for (const body of [{ relatedIds: "x" }, { relatedIds: [""] }, { relatedIds: [42] }]) {
      const res = await admin.post(ADMIN_API.userBan(target.user.id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_USERS_MESSAGES.idsInvalid);
    }
    const tooMany = await admin.post(ADMIN_API.userBan(target.user.id), {
      relatedIds: Array.from({ length: ADMIN_USERS_LIMITS.idsMax + 1 }, (_, i) => `id${i}`),
    });
    expect(tooMany.statusCode).toBe(400);

    // Nothing was written: everyone keeps their role and session; the earlier ban keeps its reason.
    for (const id of [target.user.id, ann.user.id, stranger.user.id])
      expect((await rowOf(id)).role).toBe("user");
    expect((await ann.agent.get("/api/auth/userdata")).statusCode).toBe(200);
    expect(await rowOf(alreadyBanned.user.id)).toMatchObject({
      banReason: "Own ban",
      bannedWith: null,
    });
  });

  it("unbans the accounts banned with it in one action, refusing ids not banned with it", async () => {
    const { target, ann, cat, dan } = await household();
    await admin.post(ADMIN_API.userBan(target.user.id), {
      reason: "Together",
      relatedIds: [ann.user.id, cat.user.id],
    });
    await admin.post(ADMIN_API.userBan(dan.user.id), { reason: "On his own", relatedIds: [] });

    // Dan was banned on his own, not with the target: refused, and nobody is unbanned.
    for (const alsoIds of [[ann.user.id, dan.user.id], ["forged"], "x"]) {
      const bad = await admin.post(ADMIN_API.userUnban(target.user.id), { alsoIds });
      expect(bad.statusCode).toBe(400);
    }
    const bad = await admin.post(ADMIN_API.userUnban(target.user.id), { alsoIds: [dan.user.id] });
    expect(bad.json().message).toBe(ADMIN_USERS_MESSAGES.unbanWithInvalid);
    for (const id of [target.user.id, ann.user.id, cat.user.id, dan.user.id])
      expect((await rowOf(id)).role).toBe("banned");

    // Ann unchecked: the target and Cat come back, Ann stays banned with it.
    const res = await admin.post(ADMIN_API.userUnban(target.user.id), { alsoIds: [cat.user.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_USERS_MESSAGES.unbanned,
      unbanned: [target.user.username, cat.user.username],
      user: { role: "user", bannedWith: null },
    });
    expect(await rowOf(cat.user.id)).toMatchObject({ role: "user", bannedWith: null });
    expect(await rowOf(ann.user.id)).toMatchObject({ role: "banned", bannedWith: target.user.id });
    await new Agent(t.app, freshIp()).login(cat.user.username, DEFAULT_TEST_PASSWORD);

    // A ban of Ann's own then tells her its own reason.
    await admin.post(ADMIN_API.userBan(ann.user.id), { reason: "Her own", relatedIds: [] });
    expect(await rowOf(ann.user.id)).toMatchObject({ bannedWith: null, banReason: "Her own" });
    const signIn = await new Agent(t.app, freshIp()).post("/api/auth/login", {
      username: ann.user.username,
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(signIn.json().banReason).toBe("Her own");
  });
});
