// The chat room scaled out (issue 15): N members (2,000; BENCH_CLUSTER_CLIENTS) in the room of a
// station deployed as docs/operating.md's "Deploying" says (server/test/cluster: a throw-away PostgreSQL,
// redis-server, app instances as processes, nginx with deploy/nginx.conf and TLS), in two rounds of
// the same run: one instance behind nginx, then two. Each member connects from a loopback address
// of its own (nginx picks a member's Socket.IO instance by client address), so with two instances
// each holds about half the room, and every message reaches the other half through Redis. The same
// senders and rate as bench/chat-socket.ts (BENCH_CHAT_RATE, 10 messages per second in total, from
// BENCH_CHAT_SENDERS, 20, each within the 5-per-5-s limit) for BENCH_SECONDS (15, after 3 s of
// warm-up). Figures per round: join time, p50/p99 delivery latency, deliveries per second, messages
// lost, CPU and RSS of each instance, CPU of nginx and redis-server, CPU and event-loop delay of
// this load generator (which speaks TLS to nginx on every connection).
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import { sessions } from "../server/src/platform/sessions/schema.ts";
import { hashToken } from "../server/src/platform/sessions/sessions.ts";
import { type Cluster, startCluster } from "../server/test/cluster/cluster.ts";
import { loopback } from "../server/test/cluster/visitor.ts";
import { type BuiltUser, buildMembers } from "../server/test/factories.ts";
import {
  type Column,
  chatToken,
  connectMember,
  type Deliveries,
  deliveryColumns,
  fillRoom,
  measureDeliveries,
  printColumns,
  RATE,
  SECONDS,
  SENDERS,
  WARMUP_SECONDS,
} from "./lib-chat.ts";

const CLIENTS = Math.trunc(Number(process.env.BENCH_CLUSTER_CLIENTS ?? 2000));

/** Members 1..`count` (factories), member n signed in with the session token `chatToken(n)`. */
async function seedChatMembers(cluster: Cluster, count: number): Promise<BuiltUser[]> {
  const members = await buildMembers(cluster.db, count);
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  await cluster.db.insert(sessions).values(
    members.map((member, i) => ({
      idHash: hashToken(chatToken(i + 1)),
      userId: member.user.id,
      expiresAt,
      ip: loopback(i + 1),
    })),
  );
  return members;
}

/** How many of `members` each instance holds in the room (its Redis presence), and how many none. */
async function holdings(cluster: Cluster, members: BuiltUser[]) {
  const held = cluster.instances.map(() => 0);
  let nowhere = 0;
  const where = await Promise.all(members.map((m) => cluster.chatInstanceOf(m.user.id)));
  for (const instance of where) {
    const i = instance ? cluster.instances.indexOf(instance) : -1;
    if (i < 0) nowhere++;
    else held[i] = (held[i] ?? 0) + 1;
  }
  return { held, nowhere };
}

async function redisPid(cluster: Cluster): Promise<number> {
  const info = await cluster.redis.client.info("server");
  return Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
}

interface Row extends Deliveries {
  name: string;
  clients: number;
  joinSeconds: number;
  held: number[];
  nowhere: number;
  instances: number;
  /** The machine's 1-minute load average at the end of the measurement (other work shows here). */
  load: number;
}

/** One round: a fresh cluster of `instances` app instances, `CLIENTS` members in its room. */
async function round(name: string, instances: number): Promise<Row> {
  const cluster = await startCluster({ instances });
  const sockets: Socket[] = [];
  try {
    const members = await seedChatMembers(cluster, CLIENTS);
    const joinSeconds = await fillRoom(sockets, CLIENTS, (n) => {
      // As a browser through nginx: TLS with the run's certificate, from its own address
      // (engine.io-client passes localAddress on to the WebSocket, though its types leave it out).
      const options = { ca: cluster.nginx.ca, localAddress: loopback(n) };
      return connectMember(cluster.url, n, options);
    });
    const { held, nowhere } = await holdings(cluster, members);
    const app = cluster.instances.map((instance) => instance.process.pid ?? 0);
    const nginx = cluster.nginx.pids();
    const figures = await measureDeliveries(sockets, [...app, ...nginx, await redisPid(cluster)]);
    const load = os.loadavg()[0] ?? Number.NaN;
    return { name, clients: CLIENTS, joinSeconds, held, nowhere, instances, load, ...figures };
  } finally {
    for (const s of sockets) s.disconnect();
    await cluster.stop();
  }
}

const joined = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(" + ");
const COLUMNS: Column<Row>[] = [
  { head: "", cell: (r) => r.name },
  { head: "clients", cell: (r) => String(r.clients) },
  {
    head: "per instance",
    cell: (r) => joined(r.held) + (r.nowhere ? ` (${r.nowhere} none)` : ""),
  },
  { head: "join s", cell: (r) => r.joinSeconds.toFixed(1) },
  ...deliveryColumns<Row>(),
  { head: "deaf", cell: (r) => String(r.deaf) },
  { head: "dropped", cell: (r) => String(r.dropped) },
  { head: "app cpu %", cell: (r) => joined(r.cpu.slice(0, r.instances)) },
  { head: "app rss MB", cell: (r) => joined(r.rss.slice(0, r.instances)) },
  {
    head: "nginx cpu %",
    cell: (r) =>
      r.cpu
        .slice(r.instances, -1)
        .reduce((a, b) => a + b, 0)
        .toFixed(0),
  },
  { head: "redis cpu %", cell: (r) => (r.cpu.at(-1) ?? Number.NaN).toFixed(0) },
  { head: "loadgen cpu %", cell: (r) => r.loadgenCpu.toFixed(0) },
  { head: "loop p99 ms", cell: (r) => r.loadgenLag.toFixed(1) },
  { head: "load avg", cell: (r) => r.load.toFixed(1) },
];

console.log(
  `chat-cluster: ${CLIENTS} members in one room through nginx (TLS), ${RATE} messages/s from ${SENDERS} senders, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up); one instance, then two`,
);
const started = performance.now();
const one = await round("one instance behind nginx", 1);
const two = await round("two instances behind nginx", 2);
printColumns(COLUMNS, [one, two]);
console.log(
  `  two vs one instance: ${((two.perSecond / one.perSecond) * 100).toFixed(0)}% of the deliveries per second, p99 ${two.p99.toFixed(0)} ms vs ${one.p99.toFixed(0)} ms, p50 ${two.p50.toFixed(0)} ms vs ${one.p50.toFixed(0)} ms, ${two.lost} vs ${one.lost} lost (run: ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
