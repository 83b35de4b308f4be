// The chat room benchmarks' shared pieces (chat-socket.ts, chat-cluster.ts, coinflip.ts): members
// with known session tokens (seeded by SQL), joining the room in batches, senders at a fixed total rate with every delivery
// timed by message id, CPU and memory of the server processes from /proc, a table of the figures.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import {
  CHAT_NAMESPACE,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import pg from "pg";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { hashToken, SESSION_COOKIE } from "../server/src/platform/sessions/sessions.ts";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
export const WARMUP_SECONDS = 3;
export const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10);
export const SENDERS = Number(process.env.BENCH_CHAT_SENDERS ?? 20);
/** How every measured message begins. */
const BENCH_TEXT = "bench message ";
/** How long after the last send a round waits for late deliveries. */
const DRAIN_MS = 15_000;
/** Members connecting at once while the room fills. */
const JOIN_BATCH = 50;

/** The session token of bench member `n` (1-based). */
export const chatToken = (n: number) => `chat-bench-${n}`;

/** Members u1..u<count> of a migrated database, each signed in with the session token `chatToken(n)`. */
export async function seedChatMembers(url: string, count: number) {
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
    [ns.map((n) => hashToken(chatToken(n))), ns],
  );
  await client.query("vacuum analyze");
  await client.end();
}

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * What the scheduler says of a process's main thread (its event loop) so far
 * (/proc/<pid>/schedstat): ns on a CPU, ns runnable but waiting for one (run-queue wait), timeslices.
 */
export function schedstat(pid: number): { runNs: number; waitNs: number; slices: number } {
  try {
    const [runNs = 0, waitNs = 0, slices = 0] = readFileSync(`/proc/${pid}/schedstat`, "utf8")
      .trim()
      .split(" ")
      .map(Number);
    return { runNs, waitNs, slices };
  } catch {
    return { runNs: 0, waitNs: 0, slices: 0 };
  }
}

/** Run-queue wait between two schedstat readings: ms per second of `seconds`, and µs per timeslice. */
export function runDelay(
  from: ReturnType<typeof schedstat>,
  to: ReturnType<typeof schedstat>,
  seconds: number,
): { msPerSecond: number; usPerSlice: number } {
  const waitNs = to.waitNs - from.waitNs;
  return {
    msPerSecond: waitNs / 1e6 / seconds,
    usPerSlice: waitNs / 1e3 / Math.max(1, to.slices - from.slices),
  };
}

/** Each CPU's time so far in softirq and stolen by the hypervisor (/proc/stat, clock ticks of 10 ms). */
export function cpuStates(): { softirq: number; steal: number }[] {
  return readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((l) => /^cpu\d/.test(l))
    .map((l) => {
      const f = l.split(/\s+/).map(Number);
      return { softirq: (f[7] ?? 0) * 10, steal: (f[8] ?? 0) * 10 };
    });
}

/** Resident memory (MB) of a process, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends SIGTERM (SIGKILL after 20 s) and waits for the process to end. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Connects member `n` to the room at `baseUrl` (socket.io-client over WebSocket, signed in by its
 * session cookie; `options` adds e.g. TLS trust or a local address) and resolves once the room has
 * sent its history.
 */
export function connectMember(
  baseUrl: string,
  n: number,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<Socket> {
  const socket = io(`${baseUrl}${CHAT_NAMESPACE}`, {
    transports: ["websocket"],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${chatToken(n)}` },
    query: { n: String(n) },
    reconnection: false,
    forceNew: true,
    ...options,
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

/**
 * Members 1..`clients` join the room, `JOIN_BATCH` at a time, into `sockets` (the caller disconnects
 * them, whatever happens); resolves with the seconds until the last one had the history, once the
 * join and leave announcements have stopped arriving.
 */
export async function fillRoom(
  sockets: Socket[],
  clients: number,
  connect: (n: number) => Promise<Socket>,
): Promise<number> {
  const joinStart = performance.now();
  let roomEvents = 0;
  for (let first = 1; first <= clients; first += JOIN_BATCH) {
    const batch = [];
    for (let n = first; n < first + JOIN_BATCH && n <= clients; n++) batch.push(connect(n));
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
  const joinSeconds = (performance.now() - joinStart) / 1000;
  for (let seen = -1, i = 0; seen !== roomEvents && i < 600; i++) {
    seen = roomEvents;
    await sleep(1000);
  }
  return joinSeconds;
}

export interface Deliveries {
  p50: number;
  p99: number;
  perSecond: number;
  lost: number;
  /** Members that got none of the measured messages (a whole member cut off, rather than a few). */
  deaf: number;
  /** Sockets disconnected by the end (by the server, or a ping timeout). */
  dropped: number;
  /** Refusals and errors the senders were sent (a rate limit, a failed store). */
  refused: number;
  /** CPU (% of one core) of each of the measured processes over the measured seconds. */
  cpu: number[];
  /** Their resident memory (MB) at the end. */
  rss: number[];
  loadgenCpu: number;
  /** p99 event-loop delay (ms) of this load generator. */
  loadgenLag: number;
  /** Run-queue wait of each measured process's main thread over the measured seconds. */
  runDelay: ReturnType<typeof runDelay>[];
  /** The same of this load generator's (the members' sockets). */
  loadgenRunDelay: ReturnType<typeof runDelay>;
  /** Per CPU, % of the measured seconds spent in softirq (network processing) and stolen. */
  cpuStates: { softirq: number; steal: number }[];
}

/**
 * `SENDERS` of the room's `sockets` take turns sending `RATE` messages per second in total for
 * `WARMUP_SECONDS` + `SECONDS`; every socket times each measured message from send to arrival (by
 * its `id`). `pids`: the server processes whose CPU and memory are reported.
 */
export async function measureDeliveries(sockets: Socket[], pids: number[]): Promise<Deliveries> {
  const clients = sockets.length;
  const warmup = Math.round(RATE * WARMUP_SECONDS);
  const measured = Math.round(RATE * SECONDS);
  const total = warmup + measured;
  const sentAt = new Float64Array(total + 1);
  const latencies = new Float64Array(measured * clients);
  let delivered = 0;
  let lastDelivery = 0;
  let refused = 0;
  const heard = new Uint32Array(clients);
  for (const [i, socket] of sockets.entries()) {
    socket.on(OUT.message, (m: { id?: number; message?: string }) => {
      const id = m.id ?? 0;
      // Only the senders' messages: others in the room (a coin flip's offer) have ids of their own.
      if (id <= warmup || id > total || !m.message?.startsWith(BENCH_TEXT)) return;
      heard[i] = (heard[i] ?? 0) + 1;
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
  let cpu0 = pids.map(() => 0);
  let self0 = process.cpuUsage();
  let sched0 = pids.map(schedstat);
  let selfSched0 = schedstat(process.pid);
  let states0 = cpuStates();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  for (let k = 1; k <= total; k++) {
    const due = start + (k - 1) * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (k === warmup + 1) {
      measureStart = performance.now();
      cpu0 = pids.map(cpuMs);
      self0 = process.cpuUsage();
      sched0 = pids.map(schedstat);
      selfSched0 = schedstat(process.pid);
      states0 = cpuStates();
      lag.enable();
    }
    const sender = senders[k % senders.length];
    sentAt[k] = performance.now();
    sender?.emit(IN.message, {
      message: `${BENCH_TEXT}${k}: how good is this set tonight, the bassline is unreal`,
      id: k,
    });
  }
  const lastSend = performance.now();
  while (delivered < measured * clients && performance.now() - lastSend < DRAIN_MS) await sleep(50);
  const end = Math.max(lastSend, lastDelivery);
  lag.disable();
  const elapsed = end - measureStart;
  const self = process.cpuUsage(self0);
  const sorted = latencies.slice(0, delivered).sort();
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: delivered / (elapsed / 1000),
    lost: measured * clients - delivered,
    deaf: heard.filter((n) => n === 0).length,
    dropped: sockets.filter((s) => !s.connected).length,
    refused,
    cpu: pids.map((pid, i) => ((cpuMs(pid) - (cpu0[i] ?? 0)) / elapsed) * 100),
    rss: pids.map(rssMb),
    loadgenCpu: ((self.user + self.system) / 1000 / elapsed) * 100,
    loadgenLag: lag.percentile(99) / 1e6,
    runDelay: pids.map((pid, i) =>
      runDelay(sched0[i] ?? schedstat(pid), schedstat(pid), elapsed / 1000),
    ),
    loadgenRunDelay: runDelay(selfSched0, schedstat(process.pid), elapsed / 1000),
    cpuStates: cpuStates().map((c, i) => ({
      softirq: ((c.softirq - (states0[i]?.softirq ?? 0)) / elapsed) * 100,
      steal: ((c.steal - (states0[i]?.steal ?? 0)) / elapsed) * 100,
    })),
  };
}

/** A column of a printed table: its heading and how a row shows in it (right-aligned). */
export interface Column<R> {
  head: string;
  cell(row: R): string;
}

/** The delivery figures every chat benchmark prints: latency, throughput, losses and refusals. */
export const deliveryColumns = <R extends Deliveries>(): Column<R>[] => [
  { head: "p50 ms", cell: (r) => r.p50.toFixed(1) },
  { head: "p99 ms", cell: (r) => r.p99.toFixed(1) },
  { head: "deliv/s", cell: (r) => r.perSecond.toFixed(0) },
  { head: "lost", cell: (r) => String(r.lost) },
  { head: "refused", cell: (r) => String(r.refused) },
];

/** The one app's CPU and memory, and the load generator's own CPU and event-loop delay. */
export const oneAppColumns = <
  R extends Deliveries & { loadgenCpu: number; loadgenLag: number },
>(): Column<R>[] => [
  { head: "cpu %", cell: (r) => (r.cpu[0] ?? Number.NaN).toFixed(0) },
  { head: "rss MB", cell: (r) => (r.rss[0] ?? Number.NaN).toFixed(0) },
  { head: "loadgen cpu %", cell: (r) => r.loadgenCpu.toFixed(0) },
  { head: "loop p99 ms", cell: (r) => r.loadgenLag.toFixed(1) },
];

/** Prints `rows` under `columns`, the first column left-aligned, each as wide as its widest cell. */
export function printColumns<R>(columns: Column<R>[], rows: R[]) {
  const cells = [columns.map((c) => c.head), ...rows.map((r) => columns.map((c) => c.cell(r)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? "").length)));
  for (const line of cells)
    console.log(
      `  ${line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")}`,
    );
}
