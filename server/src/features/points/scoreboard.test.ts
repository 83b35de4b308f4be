import {
  type ChatUsersEvent,
  fromChatUserEntry,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  POINTS_API,
  POINTS_LIMITS,
  SCOREBOARD_SERVER_EVENTS as RESET,
  SCOREBOARD_API,
  SCOREBOARD_LIMITS,
  SCOREBOARD_MESSAGES,
  type ScoreboardEntry,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { type ChatClient, chatRoomFixture } from "../../../test/chat-client.ts";
import { buildPoints } from "../../../test/factories/points.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock } from "../../platform/clock.ts";
import { settings } from "../../platform/settings.schema.ts";
import { MONTH_ANNOUNCED_KEY, MONTH_RESET_JOB } from "./month-reset.ts";

/**
 * The monthly scoreboard, the room's top title and the month boundary (issue 16). The database is
 * shared by the file's tests: each test lives in its own station month, so the others' points are
 * not in its scoreboard.
 */

const room = chatRoomFixture();
const setClock = (at: string) => {
  room.t.ctx.clock = fixedClock(new Date(at).getTime());
};
const board = async (agent: Agent, search?: string) => {
  const url =
    search === undefined
      ? SCOREBOARD_API.scoreboard
      : `${SCOREBOARD_API.scoreboard}?search=${encodeURIComponent(search)}`;
  return agent.get(url);
};
/** Sends a message and waits until its hooks (the reward) are over (see points.test.ts). */
async function say(client: ChatClient, text: string) {
  client.socket.emit(IN.message, { message: text });
  await client.next(OUT.message, (m: { message: string }) => m.message === text);
  client.socket.emit(IN.message, { message: 42 });
  await client.next(OUT.error);
}
const names = (entries: ScoreboardEntry[]) => entries.map((e) => e.username);

describe("GET /scoreboard", () => {
  it("ranks this month's points, best first, ties to whoever got there first; excluded members and last month left out", async () => {
    setClock("2026-05-20T12:00:00Z");
    const viewer = await signInMember(room.t);
    const admin = await signInMember(room.t, buildAdmin);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => buildUser(room.t.ctx.db)));
    if (!a || !b || !c || !d) throw new Error("four members");
    await buildPoints(room.t.ctx.db, a.user.id, 5, { at: new Date("2026-05-03T10:00:00Z") });
    await buildPoints(room.t.ctx.db, b.user.id, 9, { at: new Date("2026-05-04T10:00:00Z") });
    // c reaches 5 after a: below a.
    await buildPoints(room.t.ctx.db, c.user.id, 5, { at: new Date("2026-05-05T10:00:00Z") });
    // d has the most, but last month (30 April 23:30 BST).
    await buildPoints(room.t.ctx.db, d.user.id, 50, { at: new Date("2026-04-30T22:30:00Z") });
    const res = await board(viewer.agent);
    expect(res.statusCode).toBe(200);
    const entries: ScoreboardEntry[] = res.json();
    expect(entries.map((e) => [e.username, e.score, e.rank])).toEqual([
      [b.user.username, 9, 1],
      [a.user.username, 5, 2],
      [c.user.username, 5, 3],
    ]);
    expect(entries[0]).toEqual({
      _id: b.user.id,
      username: b.user.username,
      profileimage: b.user.profileimage,
      score: 9,
      rank: 1,
    });
    // The admin excludes b: a tops the board.
    await admin.agent.post(POINTS_API.adminUserScoreboard(b.user.id), {
      excludeFromScoreboard: true,
    });
    expect(names((await board(viewer.agent)).json())).toEqual([a.user.username, c.user.username]);
    expect((await board(new Agent(room.t.app))).statusCode).toBe(401);
  });

  it("the top member plus the next 49", async () => {
    setClock("2026-06-20T12:00:00Z");
    const viewer = await signInMember(room.t);
    for (let i = 0; i < SCOREBOARD_LIMITS.size + 2; i++) {
      const m = await buildUser(room.t.ctx.db);
      await buildPoints(room.t.ctx.db, m.user.id, 100 + i, {
        at: new Date("2026-06-02T10:00:00Z"),
      });
    }
    const entries: ScoreboardEntry[] = (await board(viewer.agent)).json();
    expect(entries).toHaveLength(SCOREBOARD_LIMITS.size);
    expect(entries[0]?.score).toBe(100 + SCOREBOARD_LIMITS.size + 1);
    expect(entries.map((e) => e.rank)).toEqual(entries.map((_, i) => i + 1));
  });

  it("searches by username with each member's place; closed in the freeze with its message, the list is not", async () => {
    setClock("2026-08-10T12:00:00Z");
    const viewer = await signInMember(room.t);
    const top = await buildUser(room.t.ctx.db);
    const found = await buildUser(room.t.ctx.db, { username: "Zebra_Searchable" });
    await buildPoints(room.t.ctx.db, top.user.id, 30, { at: new Date("2026-08-02T10:00:00Z") });
    await buildPoints(room.t.ctx.db, found.user.id, 3, { at: new Date("2026-08-02T10:00:00Z") });
    const res = await board(viewer.agent, "ebra_search");
    expect(res.json()).toEqual([
      expect.objectContaining({ _id: found.user.id, score: 3, rank: 2 }),
    ]);
    expect((await board(viewer.agent, "nobody-like-this")).json()).toEqual([]);
    const long = await board(viewer.agent, "x".repeat(SCOREBOARD_LIMITS.searchMax + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(SCOREBOARD_MESSAGES.searchTooLong);
    // 25 August 00:00 BST: the freeze.
    setClock("2026-08-24T23:00:00Z");
    const closed = await board(viewer.agent, "ebra");
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(SCOREBOARD_MESSAGES.searchClosed);
    expect(names((await board(viewer.agent)).json())).toEqual([
      top.user.username,
      found.user.username,
    ]);
  });
});

describe("isTopUser in the room", () => {
  it("the top of this month's scoreboard carries it; an admin's grant moves it", async () => {
    setClock("2026-09-10T12:00:00Z");
    const admin = await signInMember(room.t, buildAdmin);
    const a = await room.join();
    await buildPoints(room.t.ctx.db, a.member.user.id, 20, {
      at: new Date("2026-09-02T10:00:00Z"),
    });
    const b = await room.join();
    const first = await b.next<ChatUsersEvent>(OUT.users);
    const flagged = (l: ChatUsersEvent) =>
      l.users
        .map(fromChatUserEntry)
        .filter((u) => u.isTopUser)
        .map((u) => u._id);
    // a's view was made before their points: the title is read when b's arrive.
    expect(flagged(first)).not.toContain(b.member.user.id);
    await admin.agent.post(POINTS_API.adminUserPoints(b.member.user.id), { delta: 25 });
    const c = await room.join();
    expect(flagged(await c.next<ChatUsersEvent>(OUT.users))).toEqual([b.member.user.id]);
    await admin.agent.post(POINTS_API.adminUserPoints(a.member.user.id), { delta: 10 });
    const d = await room.join();
    expect(flagged(await d.next<ChatUsersEvent>(OUT.users))).toEqual([a.member.user.id]);
    // Excluded from the scoreboard, a loses the title to b.
    await admin.agent.post(POINTS_API.adminUserScoreboard(a.member.user.id), {
      excludeFromScoreboard: true,
    });
    const e = await room.join();
    expect(flagged(await e.next<ChatUsersEvent>(OUT.users))).toEqual([b.member.user.id]);
  });
});

describe("isTopUser follows chat earning", () => {
  it("a member who passes the top by chatting takes the title; equalling it does not", async () => {
    setClock("2026-12-10T12:00:00Z");
    const admin = await signInMember(room.t, buildAdmin);
    const a = await room.join();
    const b = await room.join();
    await admin.agent.post(POINTS_API.adminUserPoints(a.member.user.id), { delta: 1 });
    const flagged = async () => {
      const c = await room.join();
      const list = await c.next<ChatUsersEvent>(OUT.users);
      c.close();
      return list.users
        .map(fromChatUserEntry)
        .filter((u) => u.isTopUser)
        .map((u) => u._id);
    };
    expect(await flagged()).toEqual([a.member.user.id]);
    await say(b, "one");
    expect(await flagged()).toEqual([a.member.user.id]);
    setClock(
      new Date(Date.parse("2026-12-10T12:00:00Z") + POINTS_LIMITS.earnSpacingMs).toISOString(),
    );
    await say(b, "two");
    expect(await flagged()).toEqual([b.member.user.id]);
  });
});

describe("the month boundary", () => {
  const forget = () => room.t.ctx.db.delete(settings).where(eq(settings.key, MONTH_ANNOUNCED_KEY));
  const run = async () => expect(await room.t.jobs.runOnce(MONTH_RESET_JOB)).toBe(true);
  const resets = (c: { received: { event: string }[] }, event: string) =>
    c.received.filter((r) => r.event === event);

  it.each([
    // 31 October 23:59 GMT (after the October change) to 1 November 00:00 GMT.
    ["October", "2026-10-31T23:59:00Z", "2026-11-01T00:00:00Z", "2026-11"],
    // 31 March 23:59 BST (after the March change) to 1 April 00:00 BST = 31 March 23:00 UTC (2027:
    // April 2026 holds another test's points).
    ["March", "2027-03-31T22:59:00Z", "2027-03-31T23:00:00Z", "2027-04"],
  ])(
    "across the %s clock change: the room hears scoreboard-reset and djvotes-reset once; points are 0",
    async (_name, before, after, month) => {
      await forget();
      setClock(before);
      const admin = await signInMember(room.t, buildAdmin);
      const a = await room.join();
      await admin.agent.post(POINTS_API.adminUserPoints(a.member.user.id), { delta: 7 });
      await run(); // records the month, says nothing
      await run();
      expect(resets(a, RESET.scoreboardReset)).toHaveLength(0);
      setClock(after);
      await run();
      const payload = { month, at: new Date(after).toISOString() };
      expect(await a.next(RESET.scoreboardReset)).toEqual(payload);
      expect(await a.next(RESET.djVotesReset)).toEqual(payload);
      // Another run (another instance, or after a restart) says nothing more.
      await run();
      await run();
      const b = await room.join();
      expect(resets(a, RESET.scoreboardReset)).toHaveLength(1);
      expect(resets(a, RESET.djVotesReset)).toHaveLength(1);
      expect(resets(b, RESET.scoreboardReset)).toHaveLength(0);
      expect((await a.agent.get(POINTS_API.myPoints)).json()).toEqual({ points: 0 });
      const seen = (await b.next<ChatUsersEvent>(OUT.users)).users
        .map(fromChatUserEntry)
        .find((u) => u._id === a.member.user.id);
      expect(seen).toMatchObject({ points: 0, isTopUser: false });
      expect((await board(a.agent)).json()).toEqual([]);
    },
  );
});
