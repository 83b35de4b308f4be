import { setTimeout as sleep } from "node:timers/promises";
import {
  type ActiveCamsEvent,
  AUTH_ROUTES,
  type BattleshipsOffer,
  type BattleshipsShotResult,
  type BattleshipsState,
  BROADCAST_EVENTS,
  BATTLESHIPS_CLIENT_EVENTS as BS_IN,
  BATTLESHIPS_SERVER_EVENTS as BS_OUT,
  CAMS_CLIENT_EVENTS as CAM_IN,
  CAMS_SERVER_EVENTS as CAM_OUT,
  CAMS_MESSAGES,
  COINFLIP_CLIENT_EVENTS as CF_IN,
  COINFLIP_SERVER_EVENTS as CF_OUT,
  CHAT_MESSAGES,
  CHAT_ROUTES,
  type ChatMessageView,
  type ChatPrivateMessage,
  type ChatUser,
  type CoinflipOffer,
  type CoinflipResultEvent,
  CHAT_CLIENT_EVENTS as IN,
  MP3_ROUTES,
  type Mp3Track,
  type NotificationView,
  CHAT_SERVER_EVENTS as OUT,
  CHAT_PM_CLIENT_EVENTS as PM_IN,
  CHAT_PM_SERVER_EVENTS as PM_OUT,
  pointsPeriod,
  ROULETTE_CLIENT_EVENTS as RL_IN,
  ROULETTE_SERVER_EVENTS as RL_OUT,
  type RouletteBetsConfirmed,
  type RoulettePlayersUpdate,
  SCHEDULE_ROUTES,
  type ScheduleChangedEvent,
  stationParts,
  timeSlotLabel,
  USER_EVENTS,
  WEEKDAYS,
} from "@airwave/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "../../src/features/chat/schema.ts";
import { UP_NEXT_JOB } from "../../src/features/chat/up-next.ts";
import { pointsLedger } from "../../src/features/points/schema.ts";
import { users } from "../../src/features/users/schema.ts";
import { jobRuns } from "../../src/platform/jobs/schema.ts";
import { expectNoJanusInternals, goLive, startTestJanus, type TestJanus } from "../cams.ts";
import { type Cluster, startCluster } from "../cluster/cluster.ts";
import type { AppInstance } from "../cluster/instance.ts";
import { loopback, type RecordedSocket, Visitor } from "../cluster/visitor.ts";
import { fromFeed } from "../coinflip-feed.ts";
import { buildPoints } from "../factories/points.ts";
import { buildDj } from "../factories/schedule.ts";
import { type BuiltUser, buildAdmin, buildMembers, buildUser } from "../factories.ts";
import { makeMp3Corpus } from "../mp3-corpus.ts";
import { multipartBody } from "../multipart.ts";

/**
 * The scale-out acceptance (`npm test`'s `scale` step): a station deployed as docs/operating.md's
 * "Deploying" says, on this machine: a throw-away PostgreSQL, Debian's redis-server, two app
 * instances (processes of their own) and Debian's nginx with deploy/nginx.conf in front, TLS
 * included. Members reach the site through nginx only, each from a loopback address of its own;
 * which instance holds a member's chat connection is read from Redis (checked, not assumed).
 * The instances' clock is set (libfaketime) 15 minutes and 10 seconds before a slot starts, so a
 * booking made in the test gets its up-next banner within a few seconds.
 */

const TIME_ZONE = "Europe/London";
const MINUTE = 60_000;

/** The slot whose up-next banner the run shows: the next hour but one, not a week's first. */
function upNextSlot(now: Date) {
  let start = new Date(Math.ceil(now.getTime() / (60 * MINUTE)) * 60 * MINUTE + 60 * MINUTE);
  if (stationParts(start, TIME_ZONE).weekday === 0 && stationParts(start, TIME_ZONE).hour === 0)
    start = new Date(start.getTime() + 60 * MINUTE);
  const parts = stationParts(start, TIME_ZONE);
  return { start, day: WEEKDAYS[parts.weekday] ?? "Monday", timeSlot: timeSlotLabel(parts.hour) };
}

/**
 * The run's station time: now, or a week earlier when the next few hours fall in the points
 * freeze (25th to the 1st), where the coin flip the run plays is closed.
 */
function runBase(now: Date) {
  const soon = new Date(now.getTime() + 3 * 60 * MINUTE);
  return pointsPeriod(soon, TIME_ZONE).frozen
    ? new Date(now.getTime() - 7 * 24 * 60 * MINUTE)
    : now;
}

const slot = upNextSlot(runBase(new Date()));
let cluster: Cluster;
let janus: TestJanus;
let one: AppInstance;
let two: AppInstance;
/** A loopback address whose Socket.IO connections nginx sends to each instance. */
const addressOf = new Map<AppInstance, string>();
const opened: RecordedSocket[] = [];
/** Members in the room for the whole file: A on instance one, B on instance two. */
let a: Member;
let b: Member;

interface Member extends BuiltUser {
  visitor: Visitor;
  main: RecordedSocket;
  chat: RecordedSocket;
}

beforeAll(async () => {
  // One Janus both instances use (JANUS_URL), for the cams.
  janus = await startTestJanus({ min: 47600, max: 47699 });
  cluster = await startCluster({
    startAt: new Date(slot.start.getTime() - 15 * MINUTE - 10_000),
    env: {
      STATION_TIMEZONE: TIME_ZONE,
      CAMS: "on",
      JANUS_URL: janus.janus.url,
      JANUS_API_SECRET: janus.secrets.api,
      JANUS_ROOM_SECRET: janus.secrets.room,
    },
  });
  [one, two] = cluster.instances as [AppInstance, AppInstance];
  // Which instance nginx picks for an address: a probe member joins from it and Redis says where.
  for (let n = 1; addressOf.size < 2; n++) {
    if (n > 64) throw new Error("nginx sent 64 addresses to one instance");
    const [probe] = await buildMembers(cluster.db, 1);
    if (!probe) throw new Error("no probe member");
    const visitor = await new Visitor(cluster, loopback(n)).sessionFor(probe);
    const chat = await visitor.chat();
    await chat.next(OUT.history);
    const instance = await cluster.chatInstanceOf(probe.user.id);
    if (instance && !addressOf.has(instance)) addressOf.set(instance, visitor.address);
    chat.close();
  }
  a = await signIn(one);
  b = await signIn(two);
}, 120_000);

afterAll(async () => {
  for (const socket of opened.splice(0)) socket.close();
  await cluster?.stop();
  await janus?.stop();
});

const keep = (socket: RecordedSocket) => {
  opened.push(socket);
  return socket;
};

/** A member signed in through nginx (the login form's call) from an address of `instance`. */
async function signIn(instance: AppInstance, build = buildUser): Promise<Member> {
  const member = await build(cluster.db);
  const visitor = new Visitor(cluster, addressOf.get(instance) ?? "");
  await visitor.login(member);
  const main = keep(visitor.socket());
  await new Promise((resolve, reject) => {
    main.socket.once("connect", () => resolve(undefined));
    main.socket.once("connect_error", reject);
  });
  const chat = keep(await visitor.chat());
  await chat.next(OUT.history);
  // Checked, not assumed: the member's place in the room is held on that instance.
  expect((await cluster.chatInstanceOf(member.user.id))?.name).toBe(instance.name);
  return { ...member, visitor, main, chat };
}

/** The up-next job's last run: when, and which instance ran it. */
async function upNextRun() {
  const [run] = await cluster.db.select().from(jobRuns).where(eq(jobRuns.name, UP_NEXT_JOB));
  return run;
}

const isText = (text: string) => (m: ChatMessageView) => m.message === text;

describe("two instances behind nginx, sharing PostgreSQL and Redis", () => {
  it("started both instances at once on the empty database: one first admin, printed once", async () => {
    const created = cluster.instances.filter((i) =>
      /Created the first admin account/.test(i.output()),
    );
    expect(created).toHaveLength(1);
    const admins = await cluster.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("lists members of both instances in each other's user list", async () => {
    const list = await b.chat.next<{ users: ChatUser[] }>(OUT.users);
    expect(list.users.map((u) => u._id)).toContain(a.user.id);
    const joined = await a.chat.next<{ user: ChatUser }>(
      OUT.userConnected,
      (p) => p.user._id === b.user.id,
    );
    expect(joined.user.username).toBe(b.user.username);
  });

  it("delivers a chat message and a like each way", async () => {
    a.chat.socket.emit(IN.message, { message: "from instance one" });
    const fromA = await b.chat.next<ChatMessageView>(OUT.message, isText("from instance one"));
    expect(fromA.senderId).toBe(a.user.id);
    b.chat.socket.emit(IN.message, { message: "from instance two" });
    const fromB = await a.chat.next<ChatMessageView>(OUT.message, isText("from instance two"));
    expect(fromB.senderId).toBe(b.user.id);

    b.chat.socket.emit(IN.like, { messageId: fromA._id });
    const likedByB = await a.chat.next<{ messageId: string; likes: { userId: string }[] }>(
      OUT.likeUpdate,
      (p) => p.messageId === fromA._id,
    );
    expect(likedByB.likes.map((l) => l.userId)).toEqual([b.user.id]);
    a.chat.socket.emit(IN.like, { messageId: fromB._id });
    const likedByA = await b.chat.next<{ messageId: string; likes: { userId: string }[] }>(
      OUT.likeUpdate,
      (p) => p.messageId === fromB._id,
    );
    expect(likedByA.likes.map((l) => l.userId)).toEqual([a.user.id]);
  });

  it("delivers a private message and a mention's notification across instances", async () => {
    a.chat.socket.emit(PM_IN.send, { to: b.user.id, text: "just for you" });
    const pm = await b.chat.next<ChatPrivateMessage>(
      PM_OUT.message,
      (m) => m.text === "just for you",
    );
    expect(pm.senderId).toBe(a.user.id);
    const inbox = await b.main.next<{ text?: string }>(USER_EVENTS.pmMessage);
    expect(JSON.stringify(inbox)).toContain("just for you");

    a.chat.socket.emit(IN.message, { message: `@${b.user.username} tune!` });
    const notification = await b.main.next<NotificationView>(
      USER_EVENTS.notification,
      (n) => n.type === "mention",
    );
    expect(notification.type).toBe("mention");
  });

  it("refuses a member's second chat connection on the other instance", async () => {
    // Through nginx from an address of instance one, with B's session: B's place is on two.
    const elsewhere = new Visitor(cluster, addressOf.get(one) ?? "");
    await elsewhere.sessionFor(b);
    const duplicate = keep(await elsewhere.chat());
    const refused = await duplicate.next<{ title: string }>(OUT.duplicateUser);
    expect(refused.title).toBe(CHAT_MESSAGES.sessionAlreadyActive);
    expect((await cluster.chatInstanceOf(b.user.id))?.name).toBe(two.name);
  });

  it("counts the chat limit across instances: the 6th message in 5 s, alternating, is refused", async () => {
    const [member] = await buildMembers(cluster.db, 1);
    if (!member) throw new Error("no member");
    const started = Date.now();
    let chat: RecordedSocket | null = null;
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? one : two;
      if (chat) {
        chat.close();
        await a.chat.next<{ userId: string }>(
          OUT.userDisconnected,
          (p) => p.userId === member.user.id,
        );
      }
      const visitor = await new Visitor(cluster, addressOf.get(instance) ?? "").sessionFor(member);
      chat = keep(await visitor.chat());
      await chat.next(OUT.history);
      expect((await cluster.chatInstanceOf(member.user.id))?.name).toBe(instance.name);
      chat.socket.emit(IN.message, { message: `alternating ${i}` });
      if (i < 5) await a.chat.next<ChatMessageView>(OUT.message, isText(`alternating ${i}`));
    }
    const warning = await chat?.next<{ message: string }>(
      OUT.system,
      (p) => p.message === CHAT_MESSAGES.slowDown,
    );
    expect(warning?.message).toBe(CHAT_MESSAGES.slowDown);
    expect(Date.now() - started).toBeLessThan(5_000);
    const stored = await cluster.db
      .select({ message: chatMessages.message })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, member.user.id));
    expect(stored.map((m) => m.message).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `alternating ${i}`),
    );
  });

  it("settles a coin flip offered on one instance and accepted on the other once, with one face for both", async () => {
    for (const member of [a, b])
      await buildPoints(cluster.db, member.user.id, 20, { at: cluster.now() });
    a.chat.socket.emit(CF_IN.create, { pick: "heads", wager: 5 });
    // B, on the other instance, sees it through the room's feed.
    const offer = await fromFeed(b.chat, (o) => o.initiator.id === a.user.id);
    expect(offer).toMatchObject({ state: "open", wager: 5, pick: "heads" });
    b.chat.socket.emit(CF_IN.accept, { offerId: offer.offerId });
    const accepted = await a.chat.next<CoinflipOffer>(
      CF_OUT.accepted,
      (o) => o.offerId === offer.offerId,
    );
    expect(accepted.opponent?.id).toBe(b.user.id);
    // 10 s after the acceptance, one instance settles it; both members hear the same result.
    const isThis = (e: CoinflipResultEvent) => e.offer.offerId === offer.offerId;
    const [forA, forB] = await Promise.all([
      a.chat.next<CoinflipResultEvent>(CF_OUT.result, isThis, 30_000),
      b.chat.next<CoinflipResultEvent>(CF_OUT.result, isThis, 30_000),
    ]);
    expect(forB.offer.face).toBe(forA.offer.face);
    expect(forB.offer.winnerId).toBe(forA.offer.winnerId);
    const winner = forA.offer.winnerId === a.user.id ? a : b;
    const loser = winner === a ? b : a;
    // (Their earlier messages earned them a point or so: the flip moves 5 from what they had.)
    const won = forA.results[winner.user.id];
    const lost = forA.results[loser.user.id];
    expect(won?.outcome).toBe("win");
    expect(lost?.outcome).toBe("lose");
    expect((won?.pointsAfter ?? 0) - (won?.pointsBefore ?? 0)).toBe(5);
    expect((lost?.pointsAfter ?? 0) - (lost?.pointsBefore ?? 0)).toBe(-5);
    expect(forB.results).toEqual(forA.results);
    // Settled once: the two stakes and one payout of both, whichever instance settled it.
    await sleep(3000);
    const rows = await cluster.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.reference, offer.offerId));
    expect(rows.map((r) => r.delta).sort((x, y) => x - y)).toEqual([-5, -5, 10]);
  });

  it("plays battleships offered on one instance and accepted on the other: both grids dealt, a shot heard by both", async () => {
    for (const member of [a, b])
      await buildPoints(cluster.db, member.user.id, 20, { at: cluster.now() });
    a.chat.socket.emit(BS_IN.create, { wager: 5 });
    const offer = await b.chat.next<BattleshipsOffer>(
      BS_OUT.offer,
      (o) => o.initiator.id === a.user.id && o.state === "open",
    );
    b.chat.socket.emit(BS_IN.accept, { gameId: offer.gameId });
    const isThis = (s: BattleshipsState) => s.gameId === offer.gameId;
    const [forA, forB] = await Promise.all([
      a.chat.next<BattleshipsState>(BS_OUT.start, isThis, 15_000),
      b.chat.next<BattleshipsState>(BS_OUT.start, isThis, 15_000),
    ]);
    // The initiator shoots first; each was dealt a fleet of their own.
    expect([forA.yourTurn, forB.yourTurn]).toEqual([true, false]);
    expect(forA.yourGrid).not.toEqual(forB.yourGrid);
    a.chat.socket.emit(BS_IN.shoot, { gameId: offer.gameId, row: 0, col: 0 });
    const shot = (r: BattleshipsShotResult) => r.gameId === offer.gameId && r.row === 0;
    const [seenByA, seenByB] = await Promise.all([
      a.chat.next<BattleshipsShotResult>(BS_OUT.shotResult, shot, 15_000),
      b.chat.next<BattleshipsShotResult>(BS_OUT.shotResult, shot, 15_000),
    ]);
    expect(seenByB.hit).toBe(seenByA.hit);
    expect([seenByA.state.yourTurn, seenByB.state.yourTurn]).toEqual([false, true]);
    const stakes = await cluster.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.reference, offer.gameId));
    expect(stakes.map((r) => r.delta)).toEqual([-5, -5]);
  });

  it("takes bets from both instances into one roulette round", async () => {
    for (const member of [a, b])
      await buildPoints(cluster.db, member.user.id, 30, { at: cluster.now() });
    a.chat.socket.emit(RL_IN.placeBets, { bets: [{ type: "color", value: "red", amount: 10 }] });
    b.chat.socket.emit(RL_IN.placeBets, { bets: [{ type: "number", value: 17, amount: 5 }] });
    const [betA, betB] = await Promise.all([
      a.chat.next<RouletteBetsConfirmed>(RL_OUT.betsConfirmed, undefined, 15_000),
      b.chat.next<RouletteBetsConfirmed>(RL_OUT.betsConfirmed, undefined, 15_000),
    ]);
    expect(betB.roundId).toBe(betA.roundId);
    expect([betA.totalBet, betB.totalBet]).toEqual([10, 5]);
    // Each instance's members hear the round's players: both of them, with their totals.
    const both = (u: RoulettePlayersUpdate) => u.roundId === betA.roundId && u.players.length === 2;
    for (const member of [a, b]) {
      const update = await member.chat.next<RoulettePlayersUpdate>(
        RL_OUT.playersUpdate,
        both,
        15_000,
      );
      expect(Object.fromEntries(update.players.map((p) => [p.userId, p.totalBet]))).toEqual({
        [a.user.id]: 10,
        [b.user.id]: 5,
      });
    }
  });

  it("takes an MP3 upload through nginx on one instance and shares it with a member on the other", async () => {
    const corpus = await makeMp3Corpus();
    const form = multipartBody({
      trackName: "Across the cluster",
      file: { filename: "cluster.mp3", contentType: "audio/mpeg", data: corpus.vbr },
    });
    const uploaded = await a.visitor.postForm(MP3_ROUTES.upload.path, form);
    expect(uploaded.status, uploaded.body).toBe(201);
    const track = uploaded.json<{ track: Mp3Track }>().track;
    a.chat.socket.emit(IN.message, { type: "mp3share", message: "", trackId: track._id });
    const share = await b.chat.next<ChatMessageView>(
      OUT.message,
      (m) => m.type === "mp3share" && m.trackData?.trackId === track._id,
      15_000,
    );
    expect(share.trackData).toMatchObject({
      trackName: "Across the cluster",
      sharedBy: a.user.username,
    });
    // B downloads it through nginx (whichever instance answers: DATA_DIR is shared), bytes intact.
    const file = await b.visitor.get(track.feaboxUrl);
    expect(file.status).toBe(200);
    expect(Number(file.headers["content-length"])).toBe(corpus.vbr.length);
  });

  it("puts a cam published through one instance in the other's list, and closes it from there for both", async () => {
    const admin = await signIn(two, buildAdmin);
    const peer = await goLive(a.chat, a.user.id);
    await b.chat.next<{ cam: { userId: string } }>(
      CAM_OUT.connected,
      (e) => e.cam.userId === a.user.id,
    );
    b.chat.socket.emit(CAM_IN.list);
    const list = await b.chat.next<ActiveCamsEvent>(CAM_OUT.active);
    expect(list).toMatchObject({ available: true, cams: [{ userId: a.user.id }] });
    admin.chat.socket.emit(CAM_IN.close, { userId: a.user.id });
    for (const member of [a, b, admin])
      expect(
        await member.chat.next<{ userId: string }>(
          CAM_OUT.disconnected,
          (e) => e.userId === a.user.id,
        ),
      ).toEqual({ userId: a.user.id, reason: "closed" });
    expect(await a.chat.next(CAM_OUT.error)).toMatchObject({
      message: CAMS_MESSAGES.closedByStaff,
    });
    expectNoJanusInternals([a.chat, b.chat, admin.chat], janus, []);
    await peer.close();
  });

  it("lets an admin on one instance kick, then ban, a member on the other", async () => {
    const admin = await signIn(one, buildAdmin);
    const c = await signIn(two);
    const kicked = c.chat.next<{ reason: string }>(OUT.forceKick);
    const closed = new Promise((resolve) => c.chat.socket.once("disconnect", resolve));
    const kick = await admin.visitor.via(one).post(CHAT_ROUTES.kick.path, { userId: c.user.id });
    expect(kick.status).toBe(200);
    expect((await kicked).reason).toBe(CHAT_MESSAGES.kickedReason);
    await closed;
    await a.chat.next<{ userId: string }>(OUT.userDisconnected, (p) => p.userId === c.user.id);

    // A kick is not a ban: C comes back (on two), then the admin bans them.
    const back = keep(await c.visitor.chat());
    await back.next(OUT.history);
    const banned = back.next<{ reason: string }>(OUT.forceKick);
    const ban = await admin.visitor.via(one).post(CHAT_ROUTES.ban.path, { userId: c.user.id });
    expect(ban.status).toBe(200);
    await banned;
    const signedOut = await c.visitor.get(AUTH_ROUTES.status.path);
    expect(signedOut.json<{ authenticated: boolean }>().authenticated).toBe(false);
  });

  it("sends a booking made on one instance to a schedule view on the other, and one up-next banner to the room", async () => {
    const dj = await buildDj(cluster.db);
    const booker = new Visitor(cluster, addressOf.get(one) ?? "");
    await booker.login(dj);
    const booked = await booker.via(one).post(SCHEDULE_ROUTES.book.path, {
      day: slot.day,
      timeSlot: slot.timeSlot,
      genre: "Hardcore",
    });
    expect(booked.status).toBe(200);
    const changed = await b.main.next<ScheduleChangedEvent>(BROADCAST_EVENTS.scheduleChanged);
    expect(changed.day).toBe(slot.day);

    // The banner: 15 minutes before the slot (the instances' clock), once for the whole room.
    const [onA, onB] = await Promise.all(
      [a, b].map((m) =>
        m.chat.next<{ next: { djName: string } }>(OUT.upNextSticky, undefined, 40_000),
      ),
    );
    expect(onA?.next.djName).toBe(dj.user.username);
    expect(onB?.next.djName).toBe(dj.user.username);
    const shownAt = cluster.now();
    // Both instances' timers come round again (a later period's check): no second banner.
    await expect
      .poll(
        async () => {
          const run = await upNextRun();
          return (run?.lastRunAt.getTime() ?? 0) > shownAt.getTime();
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe(true);
    for (const m of [a, b])
      expect(m.chat.received.filter((r) => r.event === OUT.upNextSticky)).toHaveLength(1);
  }, 90_000);
});

describe("failures", () => {
  it("keeps serving HTTP while Redis is stopped for 10 s, and chat resumes when it is back", async () => {
    await cluster.redis.pause();
    const stoppedAt = Date.now();
    // Meanwhile: every page call answers (both instances, nginx picks), chat events get a clear refusal.
    a.chat.socket.emit(IN.message, { message: "while redis is down" });
    const refused = await a.chat.next<{ message: string }>(OUT.error);
    expect(refused.message).toBe(CHAT_MESSAGES.unavailable);
    const statuses: number[] = [];
    while (Date.now() - stoppedAt < 10_000) {
      statuses.push((await a.visitor.get(SCHEDULE_ROUTES.week.path)).status);
      await sleep(250);
    }
    expect(statuses.length).toBeGreaterThan(20);
    expect(new Set(statuses)).toEqual(new Set([200]));
    await cluster.redis.restart();

    // Back: a message crosses the instances again (each try is a new text; the first may come
    // before the instances have reconnected).
    let delivered = false;
    for (let i = 0; !delivered && i < 30; i++) {
      a.chat.socket.emit(IN.message, { message: `redis is back ${i}` });
      delivered = await b.chat
        .next<ChatMessageView>(OUT.message, isText(`redis is back ${i}`), 1_000)
        .then(() => true)
        .catch(() => false);
    }
    expect(delivered).toBe(true);
    expect(cluster.instances.map((i) => i.alive())).toEqual([true, true]);
  }, 60_000);

  it("moves the members of an instance killed with kill -9 to the other within 10 s, losing no acknowledged message, and its jobs", async () => {
    const CLIENTS = 200;
    const members = await buildMembers(cluster.db, CLIENTS);
    const clients = await Promise.all(
      members.map(async (member, i) => {
        const visitor = await new Visitor(cluster, loopback(100 + i)).sessionFor(member);
        const chat = keep(await visitor.chat({ reconnection: true }));
        await chat.next(OUT.history, undefined, 20_000);
        return { member, chat, sent: 0, acked: new Map<string, number>() };
      }),
    );
    const placed = await Promise.all(clients.map((c) => cluster.chatInstanceOf(c.member.user.id)));
    const on = (instance: AppInstance) => clients.filter((_, i) => placed[i] === instance);
    expect(on(one).length + on(two).length).toBe(CLIENTS);
    // The instance to kill: the one that ran the up-next check last (it has jobs to hand over).
    const lastRun = await upNextRun();
    const victim = cluster.instances.find((i) => i.id === lastRun?.ranBy) ?? one;
    const survivor = victim === one ? two : one;
    const moving = on(victim);
    expect(moving.length).toBeGreaterThan(10);
    expect(on(survivor).length).toBeGreaterThan(10);

    // Every client sends a message every 10 s (20 a second in all); a message counts as
    // acknowledged when its sender sees it come back from the room.
    for (const c of clients) {
      c.chat.socket.on(OUT.message, (m: ChatMessageView) => {
        if (m.senderId === c.member.user.id) c.acked.set(m.message, Date.now());
      });
    }
    let sending = true;
    const senders = clients.map(async (c, i) => {
      await sleep((i * 10_000) / CLIENTS);
      while (sending) {
        c.chat.socket.emit(IN.message, { message: `failover ${i} #${c.sent++}` });
        await sleep(10_000);
      }
    });

    await sleep(8_000);
    await victim.kill("SIGKILL");
    const killedAt = Date.now();
    const killedAtClock = cluster.now();
    const ackedBeforeKill = clients.flatMap((c) => [...c.acked.keys()]);

    // Its members come back through nginx, on the survivor, each within 10 s.
    const rejoined = await Promise.all(
      moving.map((c) =>
        c.chat.next(OUT.history, undefined, 15_000).then(
          () => Date.now() - killedAt,
          () => Number.POSITIVE_INFINITY,
        ),
      ),
    );
    const slowest = Math.max(...rejoined);
    expect(slowest).toBeLessThan(10_000);
    const nowOn = await Promise.all(moving.map((c) => cluster.chatInstanceOf(c.member.user.id)));
    expect(new Set(nowOn.map((i) => i?.name))).toEqual(new Set([survivor.name]));

    // The room goes on: messages sent after the kill are acknowledged too.
    await sleep(4_000);
    sending = false;
    await Promise.all(senders);
    const afterKill = clients.reduce(
      (n, c) => n + [...c.acked.values()].filter((t) => t > killedAt).length,
      0,
    );
    expect(afterKill).toBeGreaterThan(0);

    // Every message acknowledged before the kill is in the room's history (0 lost).
    expect(ackedBeforeKill.length).toBeGreaterThan(100);
    const stored = new Set<string>();
    for (let i = 0; i < ackedBeforeKill.length; i += 500) {
      const rows = await cluster.db
        .select({ message: chatMessages.message })
        .from(chatMessages)
        .where(inArray(chatMessages.message, ackedBeforeKill.slice(i, i + 500)));
      for (const row of rows) stored.add(row.message);
    }
    expect(ackedBeforeKill.filter((text) => !stored.has(text))).toEqual([]);

    // The killed instance's job is taken over: the up-next check runs on the survivor.
    await expect
      .poll(
        async () => {
          const run = await upNextRun();
          return run && run.lastRunAt > killedAtClock ? run.ranBy : null;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(survivor.id);
    console.log(
      `kill -9 of instance ${victim.name}: ${moving.length} of ${CLIENTS} members moved to ${survivor.name}, the slowest back in ${(slowest / 1000).toFixed(1)} s; ${ackedBeforeKill.length} messages acknowledged before the kill, all stored; ${afterKill} after it`,
    );
  }, 120_000);
});
