// Coin flip benchmark (issue 16), on a throw-away PostgreSQL server with the app as a process.
// 1. Settlements: BENCH_COINFLIP_PLAYERS (500) members with points (seeded by SQL for the app's
//    station month) in the room; half of them offer a 5-point flip and the other half accept all at
//    once, so every flip comes due about 10 s later, at about the same moment. Figures: settlements
//    per second (from the first due time to the last `coinflip-result`), p50/p99 of a settlement's
//    lateness (its result's arrival − its startAt), next to a baseline in the same run: the same
//    count of bare PostgreSQL transactions through `pg`, one after another, one settlement each
//    (both players' points rows locked, the offer's conditional update, the winner's ledger row;
//    the app settles the flips due together in batches of up to 25 per transaction). Invariants checked: the players' points summed
//    unchanged, every offer settled once (one payout, stakes and payout summing to 0, one result).
// 2. Chat under games: the chat benchmark (lib-chat's measureDeliveries: BENCH_CHAT_RATE, 10 messages
//    a second from BENCH_CHAT_SENDERS, 20, for BENCH_SECONDS, 15, after 3 s of warm-up) with
//    BENCH_COINFLIP_CLIENTS (1,000) members measured and BENCH_COINFLIP_GAMERS (1,200) more in the
//    room (bench/lib-coinflip-driver.ts, a process of its own), twice in the run on a fresh app each
//    time: the gamers idle, then playing BENCH_COINFLIP_RATE (50) coin flips a second (50 flips a
//    second with a 10 s countdown keep 1,000+ members busy, hence the extra members; they sit in
//    the room in both rounds, so each chat message goes to the same room and games are the only
//    difference). Budget: the with-games p99 no more than 10% above the without-games p99.
// Budgets are printed ("met" / "NOT met"); the run fails only when it is broken (an invariant,
// a lost settlement or a refused flip).
// When the next hours fall in the points freeze (25th to the 1st, station time), where the coin flip
// is closed, the app runs a week earlier (libfaketime, as the scale run does).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import {
  COINFLIP_CLIENT_EVENTS as CF_IN,
  COINFLIP_SERVER_EVENTS as CF_OUT,
  COINFLIP_LIMITS,
  COINFLIP_REASONS,
  type CoinflipOffer,
  type CoinflipResultEvent,
  POINTS_REASONS,
  pointsPeriod,
} from "@airwave/contracts";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { faketimeLibrary } from "../scripts/lib/system.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { freePort, root, startProcess } from "./lib.ts";
import {
  type Column,
  connectMember,
  type Deliveries,
  deliveryColumns,
  fillRoom,
  measureDeliveries,
  oneAppColumns,
  printColumns,
  RATE,
  SECONDS,
  SENDERS,
  seedChatMembers,
  sleep,
  stopProcess,
  WARMUP_SECONDS,
} from "./lib-chat.ts";
import type { DriverFigures } from "./lib-coinflip-driver.ts";

const whole = (name: string, fallback: number) =>
  Math.max(1, Math.trunc(Number(process.env[name] ?? fallback)));
const PLAYERS = 2 * Math.floor(whole("BENCH_COINFLIP_PLAYERS", 500) / 2);
const CLIENTS = whole("BENCH_COINFLIP_CLIENTS", 1000);
const FLIPS_PER_SECOND = whole("BENCH_COINFLIP_RATE", 50);
const GAMERS = whole("BENCH_COINFLIP_GAMERS", 1200);
const WAGER = 5;
const SEEDED_POINTS = 1000;
const TIME_ZONE = "Europe/London";
const BUDGET_RATIO = 1.1;
/** How long a phase may take before the run counts as broken. */
const PHASE_MS = 120_000;

/** The app's clock: now, or a week earlier when the coming hours are in the points freeze. */
function appClock() {
  const soon = new Date(Date.now() + 3 * 3600_000);
  if (!pointsPeriod(soon, TIME_ZONE).frozen) return { offsetMs: 0, env: {} };
  const library = faketimeLibrary();
  if (!library) throw new Error("the points freeze is on and libfaketime is not installed");
  const offsetSeconds = -7 * 24 * 3600;
  return {
    offsetMs: offsetSeconds * 1000,
    env: {
      LD_PRELOAD: library,
      FAKETIME: `${offsetSeconds}s`,
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    } as Record<string, string>,
  };
}

/** Gives members u`first`..u`last` `points` each this station month (a ledger row, a points row). */
async function seedPoints(db: pg.Client, first: number, last: number, points: number, at: Date) {
  await db.query(
    `insert into points_members (user_id) select 'u' || n from generate_series($1::int, $2::int) n`,
    [first, last],
  );
  await db.query(
    `insert into points_ledger (id, user_id, delta, reason, reference, created_at)
     select 'bench-seed-' || n, 'u' || n, $3::int, $4, null, $5::timestamptz
     from generate_series($1::int, $2::int) n`,
    [first, last, points, POINTS_REASONS.admin, at.toISOString()],
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Resolves once `done()` holds (checked every 20 ms); fails the run after PHASE_MS. */
async function until(what: string, done: () => boolean) {
  const deadline = performance.now() + PHASE_MS;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`broken run: ${what} within ${PHASE_MS} ms`);
    await sleep(20);
  }
}

const clock = appClock();
const appNow = () => new Date(Date.now() + clock.offsetMs);
const pgServer = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-bench-"));
const children: ChildProcess[] = [];
let broken = false;

async function startApp(): Promise<{ url: string; app: ChildProcess }> {
  const port = await freePort();
  const app = await startProcess(
    "server/src/main.ts",
    {
      DATABASE_URL: pgServer.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: "bench-admin-password",
      STATION_TIMEZONE: TIME_ZONE,
      ...clock.env,
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  children.push(app);
  return { url: `http://127.0.0.1:${port}`, app };
}

interface SettleRow {
  name: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The spread of the due times (ms). */
  dueSpread: number;
}

/** Part 1 through the app: PLAYERS members, PLAYERS / 2 flips coming due together. */
async function settleThroughApp(db: pg.Client): Promise<{ row: SettleRow; ok: boolean }> {
  const pairs = PLAYERS / 2;
  const ids = Array.from({ length: PLAYERS }, (_, i) => `u${i + 1}`);
  const sumOfPoints = async () =>
    Number(
      (
        await db.query(
          "select coalesce(sum(delta), 0)::bigint as s from points_ledger where user_id = any($1)",
          [ids],
        )
      ).rows[0]?.s,
    );
  const pointsBefore = await sumOfPoints();
  const { url, app } = await startApp();
  const sockets: Socket[] = [];
  try {
    await fillRoom(sockets, PLAYERS, (n) => connectMember(url, n));
    const offers = new Map<string, string>(); // initiator id → offer id
    const startAt = new Map<string, number>(); // offer id → due time (app clock)
    const arrived = new Map<string, number>(); // offer id → result arrival (app clock)
    let duplicates = 0;
    let refused = 0;
    // A flip's events reach its players: each initiator's connection follows its own flip.
    for (const listener of sockets.slice(0, pairs)) {
      listener.on(CF_OUT.offer, (o: CoinflipOffer) => {
        if (o.state === "open") offers.set(o.initiator.id, o.offerId);
      });
      listener.on(CF_OUT.accepted, (o: CoinflipOffer) => {
        if (o.startAt) startAt.set(o.offerId, new Date(o.startAt).getTime());
      });
      listener.on(CF_OUT.result, (e: CoinflipResultEvent) => {
        if (arrived.has(e.offer.offerId)) duplicates++;
        else arrived.set(e.offer.offerId, appNow().getTime());
      });
    }
    for (const s of sockets) s.on(CF_OUT.error, () => refused++);

    for (let k = 0; k < pairs; k++)
      sockets[k]?.emit(CF_IN.create, { pick: k % 2 ? "heads" : "tails", wager: WAGER });
    await until(`${pairs} offers`, () => offers.size + refused >= pairs);
    for (let k = 0; k < pairs; k++)
      sockets[pairs + k]?.emit(CF_IN.accept, { offerId: offers.get(ids[k] ?? "") });
    await until(`${pairs} acceptances`, () => startAt.size + refused >= pairs);
    await until(`${pairs} results`, () => arrived.size + refused >= pairs);
    await sleep(2_000); // a second settlement of one offer would show by now

    const due = [...startAt.values()];
    const firstDue = Math.min(...due);
    const lastResult = Math.max(...arrived.values());
    const lateness = [...arrived]
      .map(([id, at]) => at - (startAt.get(id) ?? at))
      .sort((a, b) => a - b);
    const row: SettleRow = {
      name: "app: coin flips settling",
      count: arrived.size,
      perSecond: arrived.size / ((lastResult - firstDue) / 1000),
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      dueSpread: Math.max(...due) - firstDue,
    };

    // The invariants, from the database.
    const pointsAfter = await sumOfPoints();
    const { rows: offerRows } = await db.query(
      `select o.id, o.state, o.wager,
              count(l.*) filter (where l.reason = $1)::int as payouts,
              count(l.*) filter (where l.reason = $2)::int as stakes,
              coalesce(sum(l.delta), 0)::int as net
       from coinflip_offers o left join points_ledger l on l.reference = o.id
       group by o.id`,
      [COINFLIP_REASONS.win, COINFLIP_REASONS.stake],
    );
    const settled = offerRows.filter((o) => o.state === "settled").length;
    const once = offerRows.filter((o) => o.payouts === 1 && o.stakes === 2 && o.net === 0).length;
    const checks = [
      [
        `points summed over the ${PLAYERS} players unchanged (${pointsBefore} → ${pointsAfter})`,
        pointsAfter === pointsBefore,
      ],
      [
        `offers settled: ${settled} of ${offerRows.length} (expected ${pairs})`,
        settled === pairs && offerRows.length === pairs,
      ],
      [`offers paid once (2 stakes, 1 payout, net 0): ${once}`, once === pairs],
      [
        `results heard: ${arrived.size}, duplicates ${duplicates}`,
        arrived.size === pairs && duplicates === 0,
      ],
      [`refusals: ${refused}`, refused === 0],
    ] as const;
    console.log("  invariants:");
    for (const [text, ok] of checks) console.log(`    ${ok ? "ok  " : "FAIL"} ${text}`);
    return { row, ok: checks.every(([, ok]) => ok) };
  } finally {
    for (const s of sockets) s.disconnect();
    await stopProcess(app);
  }
}

/**
 * The baseline: the same count of settlements as bare transactions through `pg`, one after
 * another, all due at the start: each locks both players' points rows (in id order), moves the
 * offer from accepted to settled, and writes the winner's ledger row.
 */
async function settleBare(db: pg.Client, count: number): Promise<SettleRow> {
  const now = appNow();
  await db.query(
    `insert into coinflip_offers (id, initiator_id, opponent_id, pick, wager, state, created_at, expires_at, start_at)
     select 'bare-' || k, 'u' || k, 'u' || ($1::int + k), 'heads', $2::int, 'accepted', $3::timestamptz, $3::timestamptz, $3::timestamptz
     from generate_series(1, $1::int) k`,
    [count, WAGER, now.toISOString()],
  );
  const done: number[] = [];
  const start = performance.now();
  for (let k = 1; k <= count; k++) {
    const players = [`u${k}`, `u${count + k}`].sort();
    await db.query("begin");
    for (const id of players)
      await db.query("select user_id from points_members where user_id = $1 for update", [id]);
    const { rows } = await db.query(
      `update coinflip_offers set state = 'settled', face = 'heads', winner_id = initiator_id, settled_at = $2
       where id = $1 and state = 'accepted' and start_at <= $2 returning id`,
      [`bare-${k}`, now.toISOString()],
    );
    if (rows.length !== 1) throw new Error(`broken run: bare offer ${k} not settled`);
    await db.query(
      `insert into points_ledger (id, user_id, delta, reason, reference, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [`bare-win-${k}`, `u${k}`, 2 * WAGER, COINFLIP_REASONS.win, `bare-${k}`, now.toISOString()],
    );
    await db.query("commit");
    done.push(performance.now() - start);
  }
  const total = (done.at(-1) ?? Number.NaN) / 1000;
  return {
    name: "bare pg: the same row writes",
    count,
    perSecond: count / total,
    p50: percentile(done, 50),
    p99: percentile(done, 99),
    dueSpread: 0,
  };
}

type ChatRow = Deliveries & { name: string; clients: number; driver?: DriverFigures };

/**
 * Starts the coin flip driver with GAMERS members from `first`, flipping `rate` a second (0: they
 * only sit in the room); resolves once they have joined.
 */
async function startDriver(url: string, first: number, rate: number) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "bench/lib-coinflip-driver.ts"),
      JSON.stringify({
        baseUrl: url,
        first,
        count: GAMERS,
        rate,
        offsetMs: clock.offsetMs,
      }),
    ],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`coin flip driver exited with ${code}`)));
    });
  const joined = await next();
  if (joined !== "joined") throw new Error(`coin flip driver: ${joined}`);
  return {
    mark: () => child.stdin?.write("mark\n"),
    async stop(): Promise<DriverFigures> {
      const figures = next();
      child.stdin?.write("stop\n");
      const line = await figures;
      console.log(`  coin flip driver: ${line}`);
      // JSON has no NaN: a figure the driver could not work out comes back as null.
      const parsed = JSON.parse(line) as Record<keyof DriverFigures, number | null>;
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [k, v ?? Number.NaN]),
      ) as unknown as DriverFigures;
    },
  };
}

/**
 * One chat measurement on a fresh app: CLIENTS members after the players, and the GAMERS in the
 * room too, flipping or not (so both rounds send each message to the same room).
 */
async function chatRound(name: string, withGames: boolean): Promise<ChatRow> {
  const { url, app } = await startApp();
  const sockets: Socket[] = [];
  try {
    await fillRoom(sockets, CLIENTS, (n) => connectMember(url, PLAYERS + n));
    const driver = await startDriver(url, PLAYERS + CLIENTS + 1, withGames ? FLIPS_PER_SECOND : 0);
    if (!withGames) {
      const figures = await measureDeliveries(sockets, [app.pid ?? 0]);
      await driver.stop();
      return { name, clients: CLIENTS, ...figures };
    }
    // Flips settle from a countdown after the first acceptances; then they settle at the rate.
    await sleep(COINFLIP_LIMITS.countdownMs + 3_000);
    driver.mark();
    // What one member of the room is sent while the flips run, by event (packets per second).
    const heard = new Map<string, number>();
    const count = (event: string) => heard.set(event, (heard.get(event) ?? 0) + 1);
    sockets.at(-1)?.onAny(count);
    const started = performance.now();
    const figures = await measureDeliveries(sockets, [app.pid ?? 0]);
    sockets.at(-1)?.offAny(count);
    const seconds = (performance.now() - started) / 1000;
    const perEvent = [...heard].sort((a, b) => b[1] - a[1]);
    console.log(
      `  one member was sent, per second: ${perEvent.map(([e, n]) => `${e} ${(n / seconds).toFixed(1)}`).join(", ")}`,
    );
    return { name, clients: CLIENTS, ...figures, driver: await driver.stop() };
  } finally {
    for (const s of sockets) s.disconnect();
    await stopProcess(app);
  }
}

const SETTLE_COLUMNS: Column<SettleRow>[] = [
  { head: "", cell: (r) => r.name },
  { head: "settled", cell: (r) => String(r.count) },
  { head: "due spread ms", cell: (r) => r.dueSpread.toFixed(0) },
  { head: "settled/s", cell: (r) => r.perSecond.toFixed(0) },
  { head: "p50 ms", cell: (r) => r.p50.toFixed(1) },
  { head: "p99 ms", cell: (r) => r.p99.toFixed(1) },
];
const CHAT_COLUMNS: Column<ChatRow>[] = [
  { head: "", cell: (r) => r.name },
  { head: "clients", cell: (r) => String(r.clients) },
  ...deliveryColumns<ChatRow>(),
  { head: "flips settled/s", cell: (r) => r.driver?.settledPerSecond.toFixed(1) ?? "-" },
  { head: "flip result p99 ms", cell: (r) => r.driver?.resultP99.toFixed(0) ?? "-" },
  { head: "flips refused", cell: (r) => (r.driver ? String(r.driver.refused) : "-") },
  { head: "flips skipped", cell: (r) => (r.driver ? String(r.driver.skipped) : "-") },
  ...oneAppColumns<ChatRow>(),
];

try {
  const database = await openDatabase({ url: pgServer.url });
  await database.migrate();
  await database.close();
  await seedChatMembers(pgServer.url, PLAYERS + CLIENTS + GAMERS);
  const db = new pg.Client({ connectionString: pgServer.url });
  await db.connect();
  try {
    const at = appNow();
    await seedPoints(db, 1, PLAYERS, SEEDED_POINTS, at);
    await seedPoints(db, PLAYERS + CLIENTS + 1, PLAYERS + CLIENTS + GAMERS, SEEDED_POINTS, at);
    await db.query("vacuum analyze");
    if (clock.offsetMs)
      console.log(
        `  (the points freeze is near: the app runs at ${at.toISOString()}, a week earlier)`,
      );

    console.log(
      `coinflip settlements: ${PLAYERS} players in the room, ${PLAYERS / 2} flips of ${WAGER} points accepted at once (due ${COINFLIP_LIMITS.countdownMs / 1000} s later), PostgreSQL server`,
    );
    console.log(
      "  (settled/s: from the first due time to the last result; p50/p99: a result's arrival − its due time; bare pg: all due at its start)",
    );
    const app = await settleThroughApp(db);
    const bare = await settleBare(db, PLAYERS / 2);
    printColumns(SETTLE_COLUMNS, [bare, app.row]);
    console.log(
      `  app vs bare: ${((app.row.perSecond / bare.perSecond) * 100).toFixed(0)}% of the settlements per second`,
    );
    if (!app.ok) broken = true;
  } finally {
    await db.end();
  }

  console.log(
    `\ncoinflip chat under games: ${CLIENTS} members measured and ${GAMERS} more in one room, ${RATE} messages/s from ${SENDERS} senders, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up); without games, then with the ${GAMERS} playing ${FLIPS_PER_SECOND} flips/s`,
  );
  const quiet = await chatRound("app /chat, no games", false);
  const games = await chatRound(`app /chat, ${FLIPS_PER_SECOND} flips/s`, true);
  printColumns(CHAT_COLUMNS, [quiet, games]);
  const ratio = games.p99 / quiet.p99;
  const above = Number.isFinite(ratio)
    ? `${Math.abs((ratio - 1) * 100).toFixed(0)}% ${ratio >= 1 ? "above" : "below"}`
    : "no measured message delivered with games";
  console.log(
    `  with vs without games: p99 ${games.p99.toFixed(1)} ms vs ${quiet.p99.toFixed(1)} ms (${above})`,
  );
  console.log(
    `  budget (p99 with ${FLIPS_PER_SECOND} flips/s settling <= ${((BUDGET_RATIO - 1) * 100).toFixed(0)}% above without games, none lost): ${ratio <= BUDGET_RATIO && games.lost === 0 ? "met" : "NOT met"}`,
  );
  if (games.driver?.refused) broken = true;
} finally {
  for (const c of children) await stopProcess(c);
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (broken) {
  console.log("  broken run: see the invariants and refusals above");
  process.exit(1);
}
