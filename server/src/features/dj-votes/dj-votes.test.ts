import {
  type ChatUsersEvent,
  DJ_VOTE_LIMITS,
  DJ_VOTE_MESSAGES,
  DJ_VOTES_API,
  DJ_VOTES_SERVER_EVENTS,
  type DjVotesAnswer,
  type DjVotesChangedEvent,
  fromChatUserEntry,
  CHAT_SERVER_EVENTS as OUT,
  pointsPeriod,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { countRows } from "../../../test/db.ts";
import { buildBannedUser, buildUser } from "../../../test/factories.ts";
import { type SignedInMember, signInMember } from "../../../test/members.ts";
import { fixedClock } from "../../platform/clock.ts";
import { djVotes } from "./schema.ts";

/**
 * DJ votes (issue 16; decisions "Points, votes and games"; community spec 7): 2 votes a station
 * month per member, only for DJs, never oneself, closed from the 25th to the 1st (Europe/London),
 * race-free; GET /djVotes; the Top DJ of the Month carried by members in the room.
 */

const room = chatRoomFixture();

/** Sets the app's clock. Each test votes in a month of its own: the month's tallies are its own. */
function setClock(at: string) {
  room.t.ctx.clock = fixedClock(new Date(at).getTime());
}

beforeEach(() => setClock("2026-07-10T12:00:00Z"));

const buildDj = (db: Parameters<typeof buildUser>[0], over: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, { isDj: true, ...over });

const vote = (member: SignedInMember, djName: unknown) =>
  member.agent.post(DJ_VOTES_API.voteDj, { djName });

async function votesOf(member: SignedInMember): Promise<DjVotesAnswer> {
  const res = await member.agent.get(DJ_VOTES_API.djVotes);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const votesRows = (voterId: string) =>
  countRows(room.t.ctx.db, djVotes, eq(djVotes.voterId, voterId));

describe("POST /voteDj", () => {
  it("2 votes a month: each answers 200 with the votes left; a third is refused with its message", async () => {
    setClock("2026-01-10T12:00:00Z");
    const member = await signInMember(room.t);
    const a = await buildDj(room.t.ctx.db);
    const b = await buildDj(room.t.ctx.db);
    const first = await vote(member, a.user.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: DJ_VOTE_MESSAGES.voted,
      votesLeft: DJ_VOTE_LIMITS.votesPerMonth - 1,
    });
    // Any case, spaces around: the DJ's name.
    const second = await vote(member, ` ${b.user.username.toUpperCase()} `);
    expect(second.statusCode).toBe(200);
    expect(second.json().votesLeft).toBe(0);
    const third = await vote(member, a.user.username);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(DJ_VOTE_MESSAGES.noVotesLeft);
    expect(await votesRows(member.user.id)).toBe(DJ_VOTE_LIMITS.votesPerMonth);
  });

  it("both votes may go to one DJ", async () => {
    setClock("2026-02-10T12:00:00Z");
    const member = await signInMember(room.t);
    const dj = await buildDj(room.t.ctx.db);
    expect((await vote(member, dj.user.username)).statusCode).toBe(200);
    expect((await vote(member, dj.user.username)).statusCode).toBe(200);
    const entry = (await votesOf(member)).find((e) => e.djId === dj.user.id);
    expect(entry?.votes).toEqual([member.user.id, member.user.id]);
  });

  it("never for oneself: a DJ's vote for themselves is refused with its message", async () => {
    const dj = await signInMember(room.t, buildDj);
    const res = await vote(dj, dj.user.username.toLowerCase());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DJ_VOTE_MESSAGES.notYourself);
    expect(await votesRows(dj.user.id)).toBe(0);
  });

  it("only for DJs: a member who is no DJ, a banned DJ or an unknown name is refused", async () => {
    const member = await signInMember(room.t);
    const notDj = await buildUser(room.t.ctx.db);
    const bannedDj = await buildBannedUser(room.t.ctx.db, { isDj: true });
    for (const name of [notDj.user.username, bannedDj.user.username, "no_such_dj_anywhere"]) {
      const res = await vote(member, name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe(DJ_VOTE_MESSAGES.notADj);
    }
    expect(await votesRows(member.user.id)).toBe(0);
  });

  it("a missing, empty or non-text DJ name is a 400 with its message", async () => {
    const member = await signInMember(room.t);
    for (const djName of [undefined, "", "   ", 42, "x".repeat(DJ_VOTE_LIMITS.djNameMax + 1)]) {
      const res = await vote(member, djName);
      expect(res.statusCode, String(djName)).toBe(400);
      expect(res.json().message).toBe(
        typeof djName === "string" && djName.length > DJ_VOTE_LIMITS.djNameMax
          ? DJ_VOTE_MESSAGES.notADj
          : DJ_VOTE_MESSAGES.djNameRequired,
      );
    }
    expect(await votesRows(member.user.id)).toBe(0);
  });

  it("closed from the 25th 00:00 to the 1st, station time (BST here), with its message; a new month gives 2 votes again", async () => {
    const member = await signInMember(room.t);
    const dj = await buildDj(room.t.ctx.db);
    // 24 August 23:59:59 BST: still open.
    setClock("2026-08-24T22:59:59Z");
    expect((await vote(member, dj.user.username)).json().votesLeft).toBe(1);
    // 25 August 00:00 BST.
    setClock("2026-08-24T23:00:00Z");
    expect(pointsPeriod(room.t.ctx.clock.now(), "Europe/London").frozen).toBe(true);
    const closed = await vote(member, dj.user.username);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(DJ_VOTE_MESSAGES.votingClosed);
    // 31 August 23:59 BST: still closed.
    setClock("2026-08-31T22:59:00Z");
    expect((await vote(member, dj.user.username)).json().message).toBe(
      DJ_VOTE_MESSAGES.votingClosed,
    );
    expect(await votesRows(member.user.id)).toBe(1);
    // 1 September 00:00 BST: open, with 2 votes (August's one does not count).
    setClock("2026-08-31T23:00:00Z");
    expect((await vote(member, dj.user.username)).json().votesLeft).toBe(1);
    expect((await vote(member, dj.user.username)).json().votesLeft).toBe(0);
    expect((await vote(member, dj.user.username)).statusCode).toBe(409);
  });

  it("closes on 25 March 00:00 GMT, before the clocks change", async () => {
    const member = await signInMember(room.t);
    const dj = await buildDj(room.t.ctx.db);
    setClock("2026-03-24T23:59:59Z");
    expect((await vote(member, dj.user.username)).statusCode).toBe(200);
    setClock("2026-03-25T00:00:00Z");
    expect((await vote(member, dj.user.username)).json().message).toBe(
      DJ_VOTE_MESSAGES.votingClosed,
    );
  });

  it("votes sent at once never make more than 2", async () => {
    setClock("2026-04-10T12:00:00Z");
    const member = await signInMember(room.t);
    const djs = await Promise.all([buildDj(room.t.ctx.db), buildDj(room.t.ctx.db)]);
    await member.agent.csrfToken();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => vote(member, djs[i % 2]?.user.username)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, ...Array(10).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().message).toBe(DJ_VOTE_MESSAGES.noVotesLeft);
    expect(await votesRows(member.user.id)).toBe(DJ_VOTE_LIMITS.votesPerMonth);
  });

  it("a visitor is refused; a vote without the CSRF token is refused; nothing is written", async () => {
    const member = await signInMember(room.t);
    const dj = await buildDj(room.t.ctx.db);
    const visitor = await new Agent(room.t.app).post(DJ_VOTES_API.voteDj, {
      djName: dj.user.username,
    });
    expect(visitor.statusCode).toBe(401);
    const noToken = await member.agent.request("POST", DJ_VOTES_API.voteDj, {
      body: { djName: dj.user.username },
    });
    expect(noToken.statusCode).toBe(403);
    expect(await countRows(room.t.ctx.db, djVotes, eq(djVotes.djId, dj.user.id))).toBe(0);
  });
});

describe("GET /djVotes", () => {
  it("every DJ with this month's voters, most votes first; no member who is no DJ, no banned DJ", async () => {
    setClock("2026-05-31T22:30:00Z"); // 23:30 BST, 31 May: May's votes.
    const may = await signInMember(room.t);
    const a = await buildDj(room.t.ctx.db);
    const b = await buildDj(room.t.ctx.db);
    const c = await buildDj(room.t.ctx.db);
    await vote(may, a.user.username);
    await vote(may, a.user.username);
    setClock("2026-06-10T12:00:00Z");
    const v1 = await signInMember(room.t);
    const v2 = await signInMember(room.t);
    expect((await vote(v1, b.user.username)).statusCode).toBe(200);
    expect((await vote(v2, b.user.username)).statusCode).toBe(200);
    expect((await vote(v2, c.user.username)).statusCode).toBe(200);
    const notDj = await buildUser(room.t.ctx.db);
    const banned = await buildBannedUser(room.t.ctx.db, { isDj: true });
    const list = await votesOf(v1);
    const ids = list.map((e) => e.djId);
    expect(ids).not.toContain(notDj.user.id);
    expect(ids).not.toContain(banned.user.id);
    const mine = list.filter((e) => [a, b, c].some((d) => d.user.id === e.djId));
    expect(mine).toEqual([
      {
        dj: b.user.username,
        djId: b.user.id,
        votes: [v1.user.id, v2.user.id],
        profileimage: b.user.profileimage,
      },
      {
        dj: c.user.username,
        djId: c.user.id,
        votes: [v2.user.id],
        profileimage: c.user.profileimage,
      },
      {
        dj: a.user.username,
        djId: a.user.id,
        votes: [],
        profileimage: a.user.profileimage,
      },
    ]);
    // Sorted by votes throughout.
    const counts = list.map((e) => e.votes.length);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect((await new Agent(room.t.app).get(DJ_VOTES_API.djVotes)).statusCode).toBe(401);
  });
});

describe("GET /djVotes/top", () => {
  const top = async (member: SignedInMember) => {
    const res = await member.agent.get(DJ_VOTES_API.topDj);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("null until a DJ has a vote this month; then the DJ with most votes, name, picture and count; the freeze keeps it; the 1st clears it", async () => {
    // A month of its own (2027-02): no other test votes in it.
    setClock("2027-02-03T12:00:00Z");
    const v1 = await signInMember(room.t);
    const v2 = await signInMember(room.t);
    const a = await buildDj(room.t.ctx.db);
    const b = await buildDj(room.t.ctx.db);
    expect(await top(v1)).toEqual({ topDj: null });

    expect((await vote(v1, a.user.username)).statusCode).toBe(200);
    expect(await top(v1)).toEqual({
      topDj: { dj: a.user.username, djId: a.user.id, profileimage: a.user.profileimage, votes: 1 },
    });
    // b takes the lead with 2 votes (a's single vote stays).
    setClock("2027-02-04T12:00:00Z");
    expect((await vote(v2, b.user.username)).statusCode).toBe(200);
    expect((await vote(v1, b.user.username)).statusCode).toBe(200);
    const lead = {
      topDj: { dj: b.user.username, djId: b.user.id, profileimage: b.user.profileimage, votes: 2 },
    };
    expect(await top(v2)).toEqual(lead);
    // The freeze (25 Feb 00:00 GMT) closes voting: the answer is the month's final one.
    setClock("2027-02-27T12:00:00Z");
    expect(await top(v1)).toEqual(lead);
    // 1 March: a new month, nobody has a vote yet.
    setClock("2027-03-01T00:30:00Z");
    expect(await top(v1)).toEqual({ topDj: null });
    // Members only.
    expect((await new Agent(room.t.app).get(DJ_VOTES_API.topDj)).statusCode).toBe(401);
  });

  it("a banned DJ is never the Top DJ", async () => {
    setClock("2027-04-03T12:00:00Z");
    const v = await signInMember(room.t);
    const banned = await buildBannedUser(room.t.ctx.db, { isDj: true });
    await room.t.ctx.db.insert(djVotes).values({
      id: crypto.randomUUID(),
      voterId: v.user.id,
      djId: banned.user.id,
      month: pointsPeriod(room.t.ctx.clock.now(), room.t.ctx.config.STATION_TIMEZONE).month,
      slot: 1,
      createdAt: room.t.ctx.clock.now(),
    });
    expect(await top(v)).toEqual({ topDj: null });
  });
});

describe("the Top DJ of the Month in the room", () => {
  async function seenBy(userIds: string[]) {
    const viewer = await room.join();
    const list = await viewer.next<ChatUsersEvent>(OUT.users);
    const users = list.users.map(fromChatUserEntry);
    return userIds.map((id) => users.find((u) => u._id === id)?.isTopDJ);
  }

  it("the DJ with most votes this month carries isTopDJ; a vote that changes the lead moves it", async () => {
    setClock("2026-10-05T12:00:00Z");
    const a = await buildDj(room.t.ctx.db);
    const b = await buildDj(room.t.ctx.db);
    const inRoomA = await room.join(a);
    const inRoomB = await room.join(b);
    // No votes this month: nobody is Top DJ.
    expect(await seenBy([a.user.id, b.user.id])).toEqual([false, false]);
    const v1 = await signInMember(room.t);
    const v2 = await signInMember(room.t);
    await vote(v1, a.user.username);
    // Everyone in the room hears that a vote was cast (the dialogs read the counts again).
    expect(await inRoomB.next<DjVotesChangedEvent>(DJ_VOTES_SERVER_EVENTS.changed)).toEqual({
      month: "2026-10",
    });
    expect(await seenBy([a.user.id, b.user.id])).toEqual([true, false]);
    // b draws level a minute later: a reached one vote first and stays Top DJ; then b leads.
    setClock("2026-10-05T12:01:00Z");
    await vote(v2, b.user.username);
    expect(await seenBy([a.user.id, b.user.id])).toEqual([true, false]);
    // GET /djVotes lists them in the same order: the Top DJ first.
    const order = async () =>
      (await votesOf(v1)).map((e) => e.djId).filter((id) => id === a.user.id || id === b.user.id);
    expect(await order()).toEqual([a.user.id, b.user.id]);
    await vote(v2, b.user.username);
    expect(await seenBy([a.user.id, b.user.id])).toEqual([false, true]);
    expect(await order()).toEqual([b.user.id, a.user.id]);
    // A member who joins after the lead changed carries it too.
    inRoomA.close();
    expect(await seenBy([b.user.id])).toEqual([true]);
    const back = await room.join(a);
    const list = await back.next<ChatUsersEvent>(OUT.users);
    const flags = list.users.map(fromChatUserEntry).filter((u) => u._id === a.user.id);
    expect(flags.map((u) => u.isTopDJ)).toEqual([false]);
    // Last month's Top DJ is no one's this month: coming into the room in November, b is not.
    // (Members who stay in the room across the 1st are the month-boundary job's, not built yet.)
    inRoomB.close();
    setClock("2026-11-01T12:00:00Z");
    const backB = await room.join(b);
    const november = await backB.next<ChatUsersEvent>(OUT.users);
    const bNow = november.users.map(fromChatUserEntry).filter((u) => u._id === b.user.id);
    expect(bNow.map((u) => u.isTopDJ)).toEqual([false]);
  });
});
