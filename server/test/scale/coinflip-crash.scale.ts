import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  CHAT_SERVER_EVENTS,
  COIN_FACES,
  COINFLIP_LIMITS,
  COINFLIP_REASONS,
  type CoinflipOffer,
  type CoinflipOffersEvent,
  type CoinflipResultEvent,
  COINFLIP_CLIENT_EVENTS as IN,
  COINFLIP_SERVER_EVENTS as OUT,
  pointsPeriod,
} from "@airwave/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../scripts/lib/postgres.mjs";
import { coinflipOffers } from "../../src/features/coinflip/schema.ts";
import { pointsLedger } from "../../src/features/points/schema.ts";
import { openDatabase } from "../../src/platform/db/index.ts";
import { createSession, SESSION_COOKIE } from "../../src/platform/sessions/sessions.ts";
import { type ChatClient, connectChat, connected, recordEvents } from "../chat-client.ts";
import { shiftedClock } from "../cluster/cluster.ts";
import { type AppInstance, startInstance } from "../cluster/instance.ts";
import { buildPoints } from "../factories/points.ts";
import { type BuiltUser, buildMembers } from "../factories.ts";
import { freePort } from "../free-port.ts";

/**
 * Issue 16's acceptance "kill the process in the middle of a settlement once: after restart the
 * offer is either settled once or refunded, never both", on both databases a station runs on: the
 * embedded PGlite in DATA_DIR (what `npm start` uses by default) and a PostgreSQL server. The app
 * runs as a process of its own (server/src/main.ts); 100 members in its chat room make 50 offers
 * and accept them all, so the 50 flips come due together; the process gets kill -9 as soon as the
 * first `coinflip-result` reaches a member, while the others are being written. The app is started
 * again on the same database, its sweep settles what is left, and then the database is read:
 * every flip settled once, the stakes and payouts exactly right, no point made or lost.
 */

const TIME_ZONE = "Europe/London";
const PAIRS = 50;
const SEEDED_POINTS = 100;
/** The result (of PAIRS) whose arrival at a member kills the app. */
const KILL_AT = 20;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const wagerOf = (i: number) => COINFLIP_LIMITS.minWager + (i % 10);

/**
 * The app's clock: now, or 10 days earlier when the run (and the minute before it, where the seeded
 * points are dated) would touch the month-end freeze or a month's change, where the flips are closed
 * or the seeded points would not count.
 */
function appStart(now: Date): Date | undefined {
  const before = pointsPeriod(new Date(now.getTime() - 5 * MINUTE), TIME_ZONE);
  const after = pointsPeriod(new Date(now.getTime() + 10 * MINUTE), TIME_ZONE);
  if (before.frozen || after.frozen || before.month !== after.month)
    return new Date(now.getTime() - 10 * DAY);
  return undefined;
}
const clock = shiftedClock(appStart(new Date()));
const appNow = () => new Date(Date.now() + clock.offsetSeconds * 1000);

/** Where a run's database lives, and how the test opens it (PGlite: only while the app is stopped). */
interface Store {
  kind: "PGlite" | "PostgreSQL";
  /** The app's environment naming the database (and its secret key). */
  env: Record<string, string>;
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

const cleanups: (() => Promise<void> | void)[] = [];
const running: AppInstance[] = [];
const summaries: string[] = [];

afterAll(async () => {
  for (const instance of running) await instance.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  console.log(summaries.join("\n"));
});

/** A station's secret key: the same for both starts on one database, as a restart keeps it. */
const secretKey = () => randomBytes(32).toString("base64url");

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airwave-cf-crash-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** PGlite in DATA_DIR/db, as `npm start` opens it. */
function pgliteStore(): Store {
  const dataDir = tempDir();
  return {
    kind: "PGlite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "", SECRET_KEY: secretKey() },
    async use(work) {
      const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}

async function postgresStore(): Promise<Store> {
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  return {
    kind: "PostgreSQL",
    env: { DATA_DIR: tempDir(), DATABASE_URL: pg.url, SECRET_KEY: secretKey() },
    async use(work) {
      const database = await openDatabase({ url: pg.url, poolSize: 2 });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}

async function start(store: Store, name: string): Promise<AppInstance> {
  const instance = await startInstance(name, await freePort(), {
    ...store.env,
    REDIS_URL: "",
    STATION: "off",
    STATION_TIMEZONE: TIME_ZONE,
    LOG_LEVEL: "warn",
    ...clock.env,
  });
  running.push(instance);
  return instance;
}

/** A seeded member: their row and their session's cookie. */
type Seeded = { user: BuiltUser["user"]; cookie: string };

/** A member of the run: their chat connection, recording what it receives. */
type Member = Pick<ChatClient, "socket" | "received" | "next"> & Seeded;

/** The database migrated, 2 × PAIRS members with SEEDED_POINTS this month and a session each. */
async function seed(store: Store) {
  return store.use(async (database) => {
    await database.migrate();
    const members = await buildMembers(database.db, 2 * PAIRS);
    const at = new Date(appNow().getTime() - MINUTE);
    const seeded: Seeded[] = [];
    for (const { user } of members) {
      await buildPoints(database.db, user.id, SEEDED_POINTS, { at });
      const { token } = await createSession(database.db, user.id, { ip: "127.0.0.1" });
      seeded.push({ user, cookie: `${SESSION_COOKIE}=${token}` });
    }
    return seeded;
  });
}

/** A seeded member in the app's chat room (the history received). */
async function join(app: AppInstance, seeded: Seeded) {
  const socket = connectChat(app.url, seeded.cookie);
  const member: Member = { socket, ...recordEvents(socket, seeded.user.username), ...seeded };
  await connected(socket);
  await member.next(CHAT_SERVER_EVENTS.history, undefined, 15_000);
  return member;
}

/** The offers a member joining now is sent (the last hour's, each in its state), once all are in. */
async function offersSeenOnJoin(app: AppInstance, seeded: Seeded) {
  const member = await join(app, seeded);
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const offers = member.received
        .filter((r) => r.event === OUT.offers)
        .flatMap((r) => (r.payload as CoinflipOffersEvent).offers);
      if (offers.length >= PAIRS || Date.now() > deadline) return offers;
      await sleep(50);
    }
  } finally {
    member.socket.disconnect();
  }
}

interface Run {
  /** Results members received before the kill. */
  heard: CoinflipResultEvent[];
  /** When (app clock) the app was started again: settlements after it are the second run's. */
  restartedAt: Date;
  /** What the second run printed. */
  secondRunOutput: string;
}

/**
 * Seeded members in the room, PAIRS offers made and accepted at once; kill -9 at the KILL_AT-th
 * result; the app started again until every offer a member joining is sent is settled or expired;
 * then stopped (gracefully).
 */
async function playAndCrash(store: Store, members: Seeded[]) {
  const first = await start(store, `${store.kind} first`);
  const room = await Promise.all(members.map((m) => join(first, m)));
  const initiators = room.slice(0, PAIRS);
  const opponents = room.slice(PAIRS);
  // kill -9 the moment the KILL_AT-th result arrives (each flip's initiator hears it): the flips
  // after it are being written now.
  let results = 0;
  const killed = new Promise<void>((resolve) => {
    for (const m of initiators)
      m.socket.on(OUT.result, () => {
        if (++results !== KILL_AT) return;
        first.process.kill("SIGKILL");
        resolve();
      });
  });

  for (const [i, m] of initiators.entries())
    m.socket.emit(IN.create, { pick: COIN_FACES[i % 2], wager: wagerOf(i) });
  const offers = await Promise.all(
    initiators.map((m) =>
      m.next<CoinflipOffer>(OUT.offer, (o) => o.initiator.id === m.user.id, 15_000),
    ),
  );
  // All accepted at once: the flips come due within a few milliseconds of each other.
  for (const [i, m] of opponents.entries())
    m.socket.emit(IN.accept, { offerId: offers[i]?.offerId });
  await Promise.all(
    offers.map((o, i) =>
      initiators[i]?.next<CoinflipOffer>(OUT.accepted, (a) => a.offerId === o.offerId, 15_000),
    ),
  );
  const noResult = sleep(COINFLIP_LIMITS.countdownMs + 10_000).then(() => {
    throw new Error(`no coin flip result:\n${first.output()}`);
  });
  await Promise.race([killed, noResult]);
  await first.kill("SIGKILL");
  const heard = initiators.flatMap((m) =>
    m.received.filter((r) => r.event === OUT.result).map((r) => r.payload as CoinflipResultEvent),
  );
  for (const m of room) m.socket.disconnect();

  const restartedAt = appNow();
  const second = await start(store, `${store.kind} second`);
  const until = Date.now() + 15_000;
  for (;;) {
    const seen = await offersSeenOnJoin(second, members[0] as Seeded);
    const done = seen.filter((o) => o.state === "settled" || o.state === "expired");
    if (done.length >= PAIRS) break;
    if (Date.now() > until)
      throw new Error(`${PAIRS - done.length} offers still open or accepted:\n${second.output()}`);
    await sleep(250);
  }
  await second.kill("SIGTERM");
  return { heard, restartedAt, secondRunOutput: second.output() } satisfies Run;
}

/** What the database holds after the crash and the second run: checked, then counted. */
async function verify(store: Store, run: Run) {
  const { offers, ledger } = await store.use(async ({ db }) => ({
    offers: await db.select().from(coinflipOffers),
    ledger: await db.select().from(pointsLedger),
  }));
  expect(offers).toHaveLength(PAIRS);
  const byReason = (a: { reason: string; userId: string }, b: { reason: string; userId: string }) =>
    `${a.reason} ${a.userId}`.localeCompare(`${b.reason} ${b.userId}`);
  for (const offer of offers) {
    const moves = ledger
      .filter((row) => row.reference === offer.id)
      .map(({ userId, reason, delta }) => ({ userId, reason, delta }))
      .sort(byReason);
    const w = offer.wager;
    if (offer.state === "settled") {
      // Settled once: both stakes taken, both paid to the winner the face names, nothing refunded.
      const opponentId = offer.opponentId as string;
      const winnerId = offer.face === offer.pick ? offer.initiatorId : opponentId;
      expect(offer.winnerId).toBe(winnerId);
      expect(moves).toEqual(
        [
          { userId: offer.initiatorId, reason: COINFLIP_REASONS.stake, delta: -w },
          { userId: opponentId, reason: COINFLIP_REASONS.stake, delta: -w },
          { userId: winnerId, reason: COINFLIP_REASONS.win, delta: 2 * w },
        ].sort(byReason),
      );
    } else {
      // Never accepted: expired, its stake returned once, nothing won.
      expect(offer.state).toBe("expired");
      expect(offer.opponentId).toBeNull();
      expect(moves).toEqual(
        [
          { userId: offer.initiatorId, reason: COINFLIP_REASONS.stake, delta: -w },
          { userId: offer.initiatorId, reason: COINFLIP_REASONS.refund, delta: w },
        ].sort(byReason),
      );
    }
  }
  // No point made or lost, nobody below 0.
  const balances = new Map<string, number>();
  for (const row of ledger) balances.set(row.userId, (balances.get(row.userId) ?? 0) + row.delta);
  expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(2 * PAIRS * SEEDED_POINTS);
  expect([...balances.values()].filter((points) => points < 0)).toEqual([]);
  // What members were told before the kill is what was stored, by the first run, not redone.
  for (const result of run.heard) {
    const offer = offers.find((o) => o.id === result.offer.offerId);
    expect(offer).toMatchObject({ face: result.offer.face, winnerId: result.offer.winnerId });
    expect(offer?.settledAt?.getTime()).toBeLessThan(run.restartedAt.getTime());
  }
  // The second run's sweep met no error (a lock it could not take, a row it could not read).
  expect(run.secondRunOutput).not.toMatch(/settling due offers failed/);
  const settled = offers.filter((o) => o.state === "settled");
  const before = settled.filter((o) => (o.settledAt as Date) < run.restartedAt).length;
  return {
    settledBefore: before,
    settledAfter: settled.length - before,
    expired: offers.length - settled.length,
    heard: run.heard.length,
  };
}

/** One database's run: seeded, played, killed, restarted, stopped; then read back. */
async function crashRun(open: () => Store | Promise<Store>) {
  const store = await open();
  const run = await playAndCrash(store, await seed(store));
  return verify(store, run);
}

describe("kill -9 in the middle of coin flip settlements, then a restart", () => {
  // Both databases at once (each run waits out a 10 s countdown); each test reads its own.
  const runs = new Map([
    ["PGlite (DATA_DIR)", crashRun(pgliteStore)],
    ["PostgreSQL", crashRun(postgresStore)],
  ]);
  for (const run of runs.values()) run.catch(() => {});

  for (const [name, run] of runs) {
    it(`on ${name}: every flip settled once or refunded, never both; no point made or lost`, async () => {
      const counts = await run;
      summaries.push(
        `coin flip crash on ${name}: ${counts.settledBefore} settled before kill -9 ` +
          `(${counts.heard} results heard), ${counts.settledAfter} settled after the restart, ` +
          `${counts.expired} expired`,
      );
      expect(counts.heard).toBeGreaterThanOrEqual(KILL_AT);
      expect(counts.settledBefore).toBeGreaterThanOrEqual(counts.heard);
    }, 180_000);
  }

  it("the kill landed mid-way: the second run settled flips on at least one database", async () => {
    const counts = await Promise.all(runs.values());
    expect(Math.max(...counts.map((c) => c.settledAfter))).toBeGreaterThan(0);
  }, 180_000);
});
