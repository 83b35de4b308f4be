// Socket.IO benchmark of the chat room: N members (200, 500, 1,000 and 2,000; BENCH_CHAT_CLIENTS=200,500)
// connected to `/chat` with socket.io-client over WebSocket, signed in by session cookies seeded in a
// throw-away PostgreSQL server. A few of them (BENCH_CHAT_SENDERS, 20) send at a fixed total rate
// (BENCH_CHAT_RATE, 10 messages per second, within the 5-per-5-s limit of each sender) for
// BENCH_SECONDS (15, after 3 s of warm-up); every client records each message's delivery latency
// (arrival − send, looked up by the message's `id`). Next to it, in the same run, the same clients and
// senders on a bare Socket.IO broadcast (bench/bare-socket-server.ts: no session, no database).
// Figures: p50/p99 delivery latency, deliveries per second, CPU and RSS of the server process, CPU
// and event-loop delay of this load generator. Budget at 1,000 clients and 10 messages per second:
// p99 < 250 ms and at least 60% of the bare broadcast's deliveries per second. Reconnect storm: the
// 2,000 members joining at once (batches of 50 connects, each waiting for the room's history) within
// 5 x the bare server's join time.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import {
  CHAT_NAMESPACE,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { hashToken } from "../server/src/platform/sessions/sessions.ts";
import { freePort, startProcess } from "./lib.ts";

const SIZES = (process.env.BENCH_CHAT_CLIENTS ?? "200,500,1000,2000")
  .split(",")
  .map((s) => Math.trunc(Number(s)))
  .filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10);
const SENDERS = Number(process.env.BENCH_CHAT_SENDERS ?? 20);
/** How long after the last send a round waits for late deliveries. */
const DRAIN_MS = 15_000;
const BUDGET = { clients: 1000, p99: 250, share: 0.6 };
/** The reconnect storm: this many members joining at once, within `ratio` x the bare join time. */
const STORM_BUDGET = { clients: 2000, ratio: 5 };

const token = (n: number) => `chat-bench-${n}`;

/** Members u1..u<count>, each signed in with the session token `chat-bench-<n>`. */
async function seedChatMembers(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (id, username, email, password_hash, bio)
     select 'u' || n, 'member' || n, 'member' || n || '@bench.test', 'not-a-hash', 'Raver number ' || n
     from generate_series(1, $1::int) n`,
    [count],
  );
  const ns = Array.from({ length: count }, (_, i) => i + 1);
  await client.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select h, 'u' || n, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(h, n)`,
    [ns.map((n) => hashToken(token(n))), ns],
  );
  await client.query("vacuum analyze");
  await client.end();
}

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory (MB) of a process, from /proc/<pid>/status. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  name: string;
  clients: number;
  joinSeconds: number;
  /** CPU of the server process and of this load generator while the members joined (% of a core). */
  joinCpu: number;
  joinLoadgenCpu: number;
  p50: number;
  p99: number;
  perSecond: number;
  lost: number;
  refused: number;
  cpu: number;
  rss: number;
  loadgenCpu: number;
  loadgenLag: number;
}

/** Connects member `n` to the room and resolves once the room has sent its history. */
function connectMember(baseUrl: string, n: number): Promise<Socket> {
  const socket = io(`${baseUrl}${CHAT_NAMESPACE}`, {
    transports: ["websocket"],
    extraHeaders: { cookie: `aw_sid=${token(n)}` },
    query: { n: String(n) },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`member ${n}: no chat-history within 120 s`));
    }, 120_000);
    socket.once(OUT.history, () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** One measurement: `clients` members in the room of `server` (listening at `baseUrl`); stops it. */
async function round(
  name: string,
  baseUrl: string,
  server: ChildProcess,
  clients: number,
): Promise<Row> {
  const pid = server.pid ?? 0;
  const sockets: Socket[] = [];
  try {
    const joinStart = performance.now();
    const joinCpu0 = cpuMs(pid);
    const joinSelf0 = process.cpuUsage();
    let roomEvents = 0;
    for (let first = 1; first <= clients; first += 50) {
      const batch = [];
      for (let n = first; n < first + 50 && n <= clients; n++)
        batch.push(connectMember(baseUrl, n));
      for (const socket of await Promise.all(batch)) {
        sockets.push(socket);
        // Join and leave announcements still arriving count as the room settling.
        socket.on(OUT.userConnected, () => roomEvents++);
        socket.on(OUT.userDisconnected, () => roomEvents++);
        socket.on(OUT.usersChanged, () => roomEvents++);
        // As the web client does: answer the room's presence pings.
        socket.on(OUT.presencePing, () => socket.emit(IN.presencePing));
      }
    }
    // Everyone has the history; let the last join announcements arrive before measuring.
    const joinSeconds = (performance.now() - joinStart) / 1000;
    const joinCpu = (cpuMs(pid) - joinCpu0) / joinSeconds / 10;
    const joinSelf = process.cpuUsage(joinSelf0);
    const joinLoadgenCpu = (joinSelf.user + joinSelf.system) / 1000 / joinSeconds / 10;
    for (let seen = -1, i = 0; seen !== roomEvents && i < 600; i++) {
      seen = roomEvents;
      await sleep(1000);
    }

    const warmup = Math.round(RATE * WARMUP_SECONDS);
    const measured = Math.round(RATE * SECONDS);
    const total = warmup + measured;
    const sentAt = new Float64Array(total + 1);
    const latencies = new Float64Array(measured * clients);
    let delivered = 0;
    let lastDelivery = 0;
    let refused = 0;
    for (const socket of sockets) {
      socket.on(OUT.message, (m: { id?: number }) => {
        const id = m.id ?? 0;
        if (id <= warmup || id > total) return;
        const at = performance.now();
        latencies[delivered++] = at - (sentAt[id] ?? at);
        lastDelivery = at;
      });
    }
    const senders = sockets.slice(0, Math.min(SENDERS, sockets.length));
    for (const s of senders) {
      s.on(OUT.system, () => refused++);
      s.on(OUT.error, () => refused++);
    }

    // Senders take turns at a fixed total rate, on a schedule that does not drift.
    const interval = 1000 / RATE;
    const start = performance.now();
    let measureStart = 0;
    let cpu0 = 0;
    let self0 = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    for (let k = 1; k <= total; k++) {
      const due = start + (k - 1) * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (k === warmup + 1) {
        measureStart = performance.now();
        cpu0 = cpuMs(pid);
        self0 = process.cpuUsage();
        lag.enable();
      }
      const sender = senders[k % senders.length];
      sentAt[k] = performance.now();
      sender?.emit(IN.message, {
        message: `bench message ${k}: how good is this set tonight, the bassline is unreal`,
        id: k,
      });
    }
    const lastSend = performance.now();
    while (delivered < measured * clients && performance.now() - lastSend < DRAIN_MS)
      await sleep(50);
    const end = Math.max(lastSend, lastDelivery);
    lag.disable();
    const cpu = ((cpuMs(pid) - cpu0) / (end - measureStart)) * 100;
    const self = process.cpuUsage(self0);
    const sorted = latencies.slice(0, delivered).sort();
    return {
      name,
      clients,
      joinSeconds,
      joinCpu,
      joinLoadgenCpu,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      perSecond: delivered / ((end - measureStart) / 1000),
      lost: measured * clients - delivered,
      refused,
      cpu,
      rss: rssMb(pid),
      loadgenCpu: ((self.user + self.system) / 1000 / (end - measureStart)) * 100,
      loadgenLag: lag.percentile(99) / 1e6,
    };
  } finally {
    // Members leave first: the app's graceful stop waits for open connections (and writes its
    // BENCH_PROFILE profile on the way out).
    for (const s of sockets) s.disconnect();
    await stop(server);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

function printRows(rows: Row[]) {
  const head = [
    "".padEnd(22),
    "clients".padStart(7),
    "join s".padStart(7),
    "cpu %".padStart(6),
    "loadgen %".padStart(9),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "deliv/s".padStart(8),
    "lost".padStart(6),
    "refused".padStart(7),
    "cpu %".padStart(6),
    "rss MB".padStart(7),
    "loadgen cpu %".padStart(13),
    "loop p99 ms".padStart(11),
  ];
  console.log(`  ${head.join(" ")}`);
  for (const r of rows) {
    console.log(
      `  ${[
        r.name.padEnd(22),
        String(r.clients).padStart(7),
        r.joinSeconds.toFixed(1).padStart(7),
        r.joinCpu.toFixed(0).padStart(6),
        r.joinLoadgenCpu.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(7),
        r.p99.toFixed(1).padStart(7),
        r.perSecond.toFixed(0).padStart(8),
        String(r.lost).padStart(6),
        String(r.refused).padStart(7),
        r.cpu.toFixed(0).padStart(6),
        r.rss.toFixed(0).padStart(7),
        r.loadgenCpu.toFixed(0).padStart(13),
        r.loadgenLag.toFixed(1).padStart(11),
      ].join(" ")}`,
    );
  }
}

const pgServer = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-bench-"));
const children: ChildProcess[] = [];
try {
  const database = await openDatabase({ url: pgServer.url });
  await database.migrate();
  await database.close();
  await seedChatMembers(pgServer.url, Math.max(...SIZES));

  console.log(
    `chat-socket: members in one room over WebSocket, ${RATE} messages/s from ${SENDERS} senders, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up), PostgreSQL server`,
  );
  console.log(
    "  (join s: all members in, batches of 50 each waiting for the history; the cpu % and loadgen % after it are the server's and this process's during the join, the later ones during the messages)",
  );
  const rows: Row[] = [];
  for (const clients of SIZES) {
    const barePort = await freePort();
    const bare = await startProcess(
      "bench/bare-socket-server.ts",
      { PORT: String(barePort) },
      `http://127.0.0.1:${barePort}/api/health`,
    );
    children.push(bare);
    const base = await round(
      "bare Socket.IO (base)",
      `http://127.0.0.1:${barePort}`,
      bare,
      clients,
    );

    const appPort = await freePort();
    const app = await startProcess(
      "server/src/main.ts",
      {
        DATABASE_URL: pgServer.url,
        DATA_DIR: dataDir,
        PORT: String(appPort),
        ADMIN_PASSWORD: "bench-admin-password",
      },
      `http://127.0.0.1:${appPort}/api/health`,
    );
    children.push(app);
    const room = await round("app /chat", `http://127.0.0.1:${appPort}`, app, clients);
    printRows([base, room]);
    const share = room.perSecond / base.perSecond;
    console.log(`  app vs bare: ${(share * 100).toFixed(0)}% of the deliveries per second`);
    rows.push(base, room);
    if (clients === BUDGET.clients) {
      const ok = room.p99 < BUDGET.p99 && share >= BUDGET.share && room.lost === 0;
      console.log(
        `  budget (${BUDGET.clients} clients: p99 < ${BUDGET.p99} ms, >= ${BUDGET.share * 100}% of the bare broadcast, none lost): ${ok ? "met" : "NOT met"}`,
      );
    }
    const joinRatio = room.joinSeconds / base.joinSeconds;
    console.log(`  app vs bare: ${joinRatio.toFixed(1)} x the join time`);
    if (clients === STORM_BUDGET.clients) {
      const ok = joinRatio < STORM_BUDGET.ratio;
      console.log(
        `  reconnect storm budget (${STORM_BUDGET.clients} members joining at once: < ${STORM_BUDGET.ratio} x the bare join time): ${ok ? "met" : "NOT met"}`,
      );
    }
  }
} finally {
  for (const c of children) await stop(c);
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
