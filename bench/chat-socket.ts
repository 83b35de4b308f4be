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
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Socket } from "socket.io-client";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { freePort, startProcess } from "./lib.ts";
import {
  type Column,
  connectMember,
  cpuMs,
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
  stopProcess,
  WARMUP_SECONDS,
} from "./lib-chat.ts";

const SIZES = (process.env.BENCH_CHAT_CLIENTS ?? "200,500,1000,2000")
  .split(",")
  .map((s) => Math.trunc(Number(s)))
  .filter((n) => n > 0);
const BUDGET = { clients: 1000, p99: 250, share: 0.6 };
/** The reconnect storm: this many members joining at once, within `ratio` x the bare join time. */
const STORM_BUDGET = { clients: 2000, ratio: 5 };

type Row = Deliveries & {
  name: string;
  clients: number;
  joinSeconds: number;
  /** CPU of the server process and of this load generator while the members joined (% of a core). */
  joinCpu: number;
  joinLoadgenCpu: number;
};

/** One measurement: `clients` members in the room of `server` (listening at `baseUrl`); stops it. */
async function round(
  name: string,
  baseUrl: string,
  server: ChildProcess,
  clients: number,
): Promise<Row> {
  const sockets: Socket[] = [];
  try {
    const pid = server.pid ?? 0;
    const serverCpu0 = cpuMs(pid);
    const self0 = process.cpuUsage();
    const joinSeconds = await fillRoom(sockets, clients, (n) => connectMember(baseUrl, n));
    const joinCpu = (cpuMs(pid) - serverCpu0) / joinSeconds / 10;
    const self = process.cpuUsage(self0);
    const joinLoadgenCpu = (self.user + self.system) / 1000 / joinSeconds / 10;
    const figures = await measureDeliveries(sockets, [pid]);
    return { name, clients, joinSeconds, joinCpu, joinLoadgenCpu, ...figures };
  } finally {
    // Members leave first: the app's graceful stop waits for open connections (and writes its
    // BENCH_PROFILE profile on the way out).
    for (const s of sockets) s.disconnect();
    await stopProcess(server);
  }
}

const COLUMNS: Column<Row>[] = [
  { head: "", cell: (r) => r.name },
  { head: "clients", cell: (r) => String(r.clients) },
  { head: "join s", cell: (r) => r.joinSeconds.toFixed(1) },
  { head: "join cpu %", cell: (r) => r.joinCpu.toFixed(0) },
  { head: "join loadgen %", cell: (r) => r.joinLoadgenCpu.toFixed(0) },
  ...deliveryColumns<Row>(),
  ...oneAppColumns<Row>(),
];

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
    "  (join s: all members in, batches of 50 each waiting for the history; join cpu % and join loadgen %: the server's and this process's CPU during the join; the later ones during the messages)",
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
    printColumns(COLUMNS, [base, room]);
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
  for (const c of children) await stopProcess(c);
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
