import {
  type ChatUsersEvent,
  fromChatUserEntry,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  POINTS_API,
  POINTS_LIMITS,
  POINTS_MESSAGES,
  POINTS_REASONS,
  POINTS_SERVER_EVENTS,
  type PointsChangedEvent,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { countRows } from "../../../test/db.ts";
import { buildPoints } from "../../../test/factories/points.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock } from "../../platform/clock.ts";
import { pointsLedger } from "./schema.ts";
import { earnForChatMessage, grantPoints } from "./service.ts";

/**
 * The points ledger's first slice (issue 16): earning from chat within its limits, the month-end
 * freeze and the month's restart in the station's zone (Europe/London), GET /me/points, the admin's
 * grants, removals and scoreboard exclusion, and the room's view of a member's points.
 */

const room = chatRoomFixture();
const SPACING = POINTS_LIMITS.earnSpacingMs;

let clockAt = 0;
/** Sets the app's clock (the room, the ledger and the chat limit all read it). */
function setClock(at: string | number) {
  clockAt = new Date(at).getTime();
  room.t.ctx.clock = fixedClock(clockAt);
}
const advance = (ms: number) => setClock(clockAt + ms);

beforeEach(() => setClock("2026-07-10T12:00:00Z"));

async function pointsOf(agent: Agent): Promise<number> {
  const res = await agent.get(POINTS_API.myPoints);
  expect(res.statusCode).toBe(200);
  return res.json().points;
}

/**
 * Sends a message and waits until the room has done everything with it, its hooks included: an
 * invalid event sent after it is refused only once the message's handling is over (a member's
 * events run one at a time, in order).
 */
async function say(client: ChatClient, text = "hello room") {
  client.socket.emit(IN.message, { message: text });
  await client.next(OUT.message, (m: { message: string }) => m.message === text);
  client.socket.emit(IN.message, { message: 42 });
  await client.next(OUT.error);
}

describe("GET /me/points", () => {
  it("a new member has 0; a visitor is refused", async () => {
    const member = await signInMember(room.t);
    expect(await member.agent.get(POINTS_API.myPoints).then((r) => r.json())).toEqual({
      points: 0,
    });
    expect((await new Agent(room.t.app).get(POINTS_API.myPoints)).statusCode).toBe(401);
  });

  it("is this station month's sum: last month's rows do not count", async () => {
    const member = await signInMember(room.t);
    await buildPoints(room.t.ctx.db, member.user.id, 7, { at: new Date("2026-07-01T09:00:00Z") });
    await buildPoints(room.t.ctx.db, member.user.id, -2, { at: new Date("2026-07-09T09:00:00Z") });
    // 30 June 23:30 UTC is 1 July 00:30 BST: July.
    await buildPoints(room.t.ctx.db, member.user.id, 4, { at: new Date("2026-06-30T23:30:00Z") });
    // 30 June 22:30 UTC is 23:30 BST: June.
    await buildPoints(room.t.ctx.db, member.user.id, 50, { at: new Date("2026-06-30T22:30:00Z") });
    expect(await pointsOf(member.agent)).toBe(9);
  });
});

describe("earning from chat", () => {
  it("+1 for a message, none for another within 15 s, +1 again once 15 s have passed", async () => {
    const a = await room.join();
    await say(a, "first");
    expect(await pointsOf(a.agent)).toBe(1);
    advance(SPACING - 1);
    await say(a, "too soon");
    expect(await pointsOf(a.agent)).toBe(1);
    advance(1);
    await say(a, "spaced");
    expect(await pointsOf(a.agent)).toBe(2);
    const rows = await room.t.ctx.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, a.member.user.id));
    expect(rows.map((r) => [r.delta, r.reason])).toEqual([
      [1, POINTS_REASONS.chat],
      [1, POINTS_REASONS.chat],
    ]);
  });

  it("at most 100 a station day; the next station day earns again", async () => {
    // 10:00 BST: 101 messages 15 s apart end before 10:30 of the same day.
    setClock("2026-07-10T09:00:00Z");
    const a = await room.join();
    for (let i = 0; i <= POINTS_LIMITS.earnPerDayMax; i++) {
      await say(a, `message ${i}`);
      advance(SPACING);
    }
    expect(await pointsOf(a.agent)).toBe(POINTS_LIMITS.earnPerDayMax);
    // 23:59:59 BST, still the same station day: nothing more.
    setClock("2026-07-10T22:59:59Z");
    await say(a, "late");
    expect(await pointsOf(a.agent)).toBe(POINTS_LIMITS.earnPerDayMax);
    // Midnight BST is 23:00 UTC: a new station day.
    setClock("2026-07-10T23:00:00Z");
    await say(a, "after midnight");
    expect(await pointsOf(a.agent)).toBe(POINTS_LIMITS.earnPerDayMax + 1);
  });

  it("nothing from the 25th 00:00 station time (the freeze), across the October clock change; 0 again on the 1st", async () => {
    // 24 October 2026 23:59:50 BST; clocks go back on the 25th itself.
    setClock("2026-10-24T22:59:50Z");
    const a = await room.join();
    await say(a, "before the freeze");
    expect(await pointsOf(a.agent)).toBe(1);
    // 25 October 00:00 BST.
    setClock("2026-10-24T23:00:00Z");
    await say(a, "frozen");
    setClock("2026-10-31T23:59:00Z"); // 31 October 23:59 GMT: still October, still frozen
    await say(a, "still frozen");
    expect(await pointsOf(a.agent)).toBe(1);
    // 1 November 00:00 GMT: a new month, everyone from 0, earning again.
    setClock("2026-11-01T00:00:00Z");
    expect(await pointsOf(a.agent)).toBe(0);
    await say(a, "a new month");
    expect(await pointsOf(a.agent)).toBe(1);
    // October's rows stay as history.
    expect(
      await countRows(room.t.ctx.db, pointsLedger, eq(pointsLedger.userId, a.member.user.id)),
    ).toBe(2);
  });

  it("the freeze across the March clock change: 25 March 00:00 GMT, the month ends at 1 April 00:00 BST", async () => {
    setClock("2026-03-24T23:59:50Z");
    const a = await room.join();
    await say(a, "before");
    setClock("2026-03-25T00:00:00Z");
    await say(a, "frozen");
    setClock("2026-03-31T22:59:59Z");
    await say(a, "frozen still");
    expect(await pointsOf(a.agent)).toBe(1);
    setClock("2026-03-31T23:00:00Z");
    await say(a, "April");
    expect(await pointsOf(a.agent)).toBe(1);
  });

  it("racing messages of one member earn at most what the limits allow", async () => {
    const { user } = await buildUser(room.t.ctx.db);
    const ctx = room.t.ctx;
    // 40 messages at the same instant: one point.
    const first = await Promise.all(
      Array.from({ length: 40 }, (_, i) => earnForChatMessage(ctx, user.id, `m${i}`)),
    );
    expect(first.filter((p) => p !== null)).toEqual([1]);
    // Then 40 at each of 3 later instants, 15 s apart, raced together: one more point each.
    const waves = await Promise.all(
      [1, 2, 3].flatMap((wave) =>
        Array.from({ length: 40 }, async (_, i) => {
          const at = clockAt + wave * SPACING;
          return earnForChatMessage({ ...ctx, clock: fixedClock(at) }, user.id, `w${wave}-${i}`);
        }),
      ),
    );
    expect(waves.filter((p) => p !== null)).toHaveLength(3);
    const agent = new Agent(room.t.app);
    await agent.login(user.username, "correct-horse-42");
    advance(3 * SPACING);
    expect(await pointsOf(agent)).toBe(4);
  });

  it("racing messages near the daily limit never pass it", async () => {
    setClock("2026-07-10T09:00:00Z");
    const { user } = await buildUser(room.t.ctx.db);
    const ctx = room.t.ctx;
    // 150 rounds 15 s apart, all raced at once: 100 points, no more.
    const all = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        earnForChatMessage({ ...ctx, clock: fixedClock(clockAt + i * SPACING) }, user.id, `r${i}`),
      ),
    );
    // Raced out of order, an earlier instant may lose to a later one's spacing: never above 100.
    const earned = all.filter((p) => p !== null).length;
    expect(earned).toBeGreaterThan(0);
    expect(earned).toBeLessThanOrEqual(POINTS_LIMITS.earnPerDayMax);
    expect(await countRows(room.t.ctx.db, pointsLedger, eq(pointsLedger.userId, user.id))).toBe(
      earned,
    );
  });
});

describe("the room's view of a member's points", () => {
  it("a newcomer's user list carries each member's points of this month, fresh after they earn", async () => {
    const a = await room.join();
    await buildPoints(room.t.ctx.db, a.member.user.id, 12, { at: new Date(clockAt - 1000) });
    // A's view was made when they joined (0); their next reward writes the fresh sum.
    await say(a, "earning");
    const b = await room.join();
    const list = await b.next<ChatUsersEvent>(OUT.users);
    const seen = list.users.map(fromChatUserEntry).find((u) => u._id === a.member.user.id);
    expect(seen?.points).toBe(13);
    const own = list.users.map(fromChatUserEntry).find((u) => u._id === b.member.user.id);
    expect(own?.points).toBe(0);
  });

  it("a member who joins with points carries them in the room's announcement", async () => {
    const watcher = await room.join();
    const member = await buildUser(room.t.ctx.db);
    await buildPoints(room.t.ctx.db, member.user.id, 5, { at: new Date(clockAt - 1000) });
    await room.join(member);
    const joined = await watcher.next<{ user: { _id: string; points: number } }>(
      OUT.userConnected,
      (e) => e.user._id === member.user.id,
    );
    expect(joined.user.points).toBe(5);
  });
});

describe("admin: grant or remove points, exclude from the scoreboard", () => {
  it("an admin grants points during the freeze; the member sees them", async () => {
    setClock("2026-10-26T12:00:00Z");
    const admin = await signInMember(room.t, buildAdmin);
    const member = await signInMember(room.t);
    const res = await admin.agent.post(POINTS_API.adminUserPoints(member.user.id), { delta: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: POINTS_MESSAGES.pointsUpdated,
      userId: member.user.id,
      points: 10,
      excludeFromScoreboard: false,
    });
    expect(await pointsOf(member.agent)).toBe(10);
    const [row] = await room.t.ctx.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, member.user.id));
    expect(row).toMatchObject({
      delta: 10,
      reason: POINTS_REASONS.admin,
      reference: admin.user.id,
    });
  });

  it("a removal takes points away but never below 0", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const member = await signInMember(room.t);
    await buildPoints(room.t.ctx.db, member.user.id, 8, { at: new Date(clockAt - 1000) });
    const url = POINTS_API.adminUserPoints(member.user.id);
    expect((await admin.agent.post(url, { delta: -3 })).json().points).toBe(5);
    // More than the member has: 5 go, and the answer says only 5 could.
    expect((await admin.agent.post(url, { delta: -50 })).json()).toMatchObject({
      message: POINTS_MESSAGES.pointsRemovedPartly(5),
      points: 0,
    });
    expect(await pointsOf(member.agent)).toBe(0);
    expect((await admin.agent.post(url, { delta: -1 })).json()).toMatchObject({
      message: POINTS_MESSAGES.pointsRemovedPartly(0),
      points: 0,
    });
  });

  it.each([
    [{ delta: 0 }, POINTS_MESSAGES.nonZeroInteger],
    [{ delta: 2.5 }, POINTS_MESSAGES.nonZeroInteger],
    [{ delta: "10" }, POINTS_MESSAGES.nonZeroInteger],
    [{}, POINTS_MESSAGES.nonZeroInteger],
    [{ delta: 10_000_000 }, POINTS_MESSAGES.deltaTooLarge],
  ])("refuses %j with 400 and its message, writing nothing", async (body, message) => {
    const admin = await signInMember(room.t, buildAdmin);
    const member = await signInMember(room.t);
    const before = await countRows(room.t.ctx.db, pointsLedger);
    const res = await admin.agent.post(POINTS_API.adminUserPoints(member.user.id), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRows(room.t.ctx.db, pointsLedger)).toBe(before);
  });

  it("an unknown member is a 404 with its message", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const res = await admin.agent.post(POINTS_API.adminUserPoints("no-such-user"), { delta: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(POINTS_MESSAGES.userNotFound);
  });

  it("a member, a Moderator or a visitor cannot grant points or change the exclusion; nothing is written", async () => {
    const member = await signInMember(room.t);
    const moderator = await signInMember(room.t, buildModerator);
    const target = await buildUser(room.t.ctx.db);
    const before = await countRows(room.t.ctx.db, pointsLedger);
    for (const [agent, status] of [
      [member.agent, 403],
      [moderator.agent, 403],
      [new Agent(room.t.app), 401],
    ] as const) {
      const grant = await agent.post(POINTS_API.adminUserPoints(target.user.id), { delta: 50 });
      expect(grant.statusCode).toBe(status);
      const self = await agent.post(POINTS_API.adminUserPoints(member.user.id), { delta: 50 });
      expect(self.statusCode).toBe(status);
      const exclude = await agent.post(POINTS_API.adminUserScoreboard(target.user.id), {
        excludeFromScoreboard: true,
      });
      expect(exclude.statusCode).toBe(status);
      expect((await agent.get(POINTS_API.adminUserPoints(target.user.id))).statusCode).toBe(status);
    }
    expect(await countRows(room.t.ctx.db, pointsLedger)).toBe(before);
    expect(await pointsOf(member.agent)).toBe(0);
  });

  it("a grant without the CSRF token is refused", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const member = await buildUser(room.t.ctx.db);
    const before = await countRows(room.t.ctx.db, pointsLedger);
    const res = await admin.agent.request("POST", POINTS_API.adminUserPoints(member.user.id), {
      body: { delta: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(await countRows(room.t.ctx.db, pointsLedger)).toBe(before);
    const after = await admin.agent.get(POINTS_API.adminUserPoints(member.user.id));
    expect(after.json().points).toBe(0);
  });

  it("excludes a member from the scoreboard and includes them again", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const member = await buildUser(room.t.ctx.db);
    const url = POINTS_API.adminUserScoreboard(member.user.id);
    const on = await admin.agent.post(url, { excludeFromScoreboard: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: POINTS_MESSAGES.scoreboardUpdated,
      excludeFromScoreboard: true,
    });
    const read = await admin.agent.get(POINTS_API.adminUserPoints(member.user.id));
    expect(read.json()).toEqual({ userId: member.user.id, points: 0, excludeFromScoreboard: true });
    const off = await admin.agent.post(url, { excludeFromScoreboard: false });
    expect(off.json().excludeFromScoreboard).toBe(false);
    const bad = await admin.agent.post(url, { excludeFromScoreboard: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POINTS_MESSAGES.excludeRequired);
  });

  it("an excluded member's own points say so (their leaderboard shows a note), and stop saying it once included", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const member = await signInMember(room.t);
    const url = POINTS_API.adminUserScoreboard(member.user.id);
    const mine = async () => (await member.agent.get(POINTS_API.myPoints)).json();
    expect(await mine()).toEqual({ points: 0 });
    expect((await admin.agent.post(url, { excludeFromScoreboard: true })).statusCode).toBe(200);
    expect(await mine()).toEqual({ points: 0, excludedFromScoreboard: true });
    expect((await admin.agent.post(url, { excludeFromScoreboard: false })).statusCode).toBe(200);
    expect(await mine()).toEqual({ points: 0 });
  });

  it("an admin's grant reaches the member's place in the room", async () => {
    const admin = await signInMember(room.t, buildAdmin);
    const a = await room.join();
    const res = await admin.agent.post(POINTS_API.adminUserPoints(a.member.user.id), { delta: 9 });
    expect(res.json().points).toBe(9);
    // The member's own connection hears it at once; nobody else is told.
    expect(await a.next<PointsChangedEvent>(POINTS_SERVER_EVENTS.changed)).toEqual({ points: 9 });
    const b = await room.join();
    const list = await b.next<ChatUsersEvent>(OUT.users);
    const seen = list.users.map(fromChatUserEntry).find((u) => u._id === a.member.user.id);
    expect(seen?.points).toBe(9);
    await admin.agent.post(POINTS_API.adminUserPoints(b.member.user.id), { delta: 2 });
    expect(await b.next<PointsChangedEvent>(POINTS_SERVER_EVENTS.changed)).toEqual({ points: 2 });
    expect(a.received.filter((r) => r.event === POINTS_SERVER_EVENTS.changed)).toHaveLength(1);
  });

  it("racing removals never take a member below 0, and each point taken is one ledger row", async () => {
    const admin = await buildAdmin(room.t.ctx.db);
    const { user } = await buildUser(room.t.ctx.db);
    await buildPoints(room.t.ctx.db, user.id, 10, { at: new Date(clockAt - 1000) });
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () => grantPoints(room.t.ctx, admin.user, user.id, -1)),
      ...Array.from({ length: 5 }, () => grantPoints(room.t.ctx, admin.user, user.id, 2)),
    ]);
    expect(answers.every((a) => a.points >= 0)).toBe(true);
    const rows = await room.t.ctx.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    const sum = rows.reduce((s, r) => s + r.delta, 0);
    const agent = new Agent(room.t.app);
    await agent.login(user.username, "correct-horse-42");
    expect(await pointsOf(agent)).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    // Granted 10 (the factory) + 5 x 2; every removal row took exactly 1.
    const removals = rows.filter((r) => r.delta < 0);
    expect(removals.every((r) => r.delta === -1)).toBe(true);
    expect(sum).toBe(20 - removals.length);
  });
});
