// The radio at audience scale (issue 27): thousands of listeners on the real station. One run starts
// the bundled station (station/station.mjs startStation: Icecast, Liquidsoap playing generated
// tones, and the listener relay) in a temporary DATA_DIR on free ports, the app as a process of its
// own on a throw-away PostgreSQL (pointed at that station), and nginx with the real
// deploy/nginx.conf (server/test/cluster/nginx.ts: TLS with an ECDSA P-256 certificate made for the
// run; the plain-HTTP server only redirects). Listeners are plain `net`/`tls` sockets in
// BENCH_LISTENER_WORKERS (4) processes of their own (bench/lib-listeners.ts), each from a loopback
// address of its own.
//
// Per path: BENCH_LISTENERS (5,000) listeners connecting evenly over 10 s, held BENCH_HOLD_SECONDS
// (30); then a burst of BENCH_BURST (2,000) more within 1 s, given 10 s to connect and then held
// 10 s. Paths: Icecast asked directly (the baseline, its client limit raised), the public stream
// URL of the embedded station (the relay: `listenUrl`), and nginx's `/radio.mp3` (deploy/nginx.conf).
// A listener is "at rate" when it received at least 90% of the stream's bitrate (Icecast's status)
// over the window. The chat room in the same run: 200 members, 10 messages per second in total
// (lib-chat's measureDeliveries), on the embedded and the nginx paths, without listeners before the
// ramp, while the listeners are held, and without them again after (the p99 with them compared with
// the mean of the two without, each printed, so one noisy window does not decide), with the app's
// and the measuring client's run-queue wait. CPU (% of one core) of Icecast, the relay, nginx, the
// app and the load generators per phase, from /proc. BENCH_CPU_LAYOUT: below.
//
// Budgets (exit code 1 when one is missed): on the embedded and nginx paths every one of the held
// listeners at rate; of the burst, >= 95% connected within 10 s and at rate, and no fewer than
// Icecast alone managed; the chat's p99 and the app's CPU with the listeners within 10% of without.
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHAT_SERVER_EVENTS as OUT } from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { startNginx, type TestNginx } from "../server/test/cluster/nginx.ts";
import { freePortPair } from "../server/test/free-port.ts";
import {
  ensureTones,
  type RunningStation,
  startStation,
  stationConfigFromEnv,
} from "../station/station.mjs";
import { freePort, root, startProcess } from "./lib.ts";
import {
  type Column,
  connectMember,
  cpuMs,
  type Deliveries,
  fillRoom,
  measureDeliveries,
  printColumns,
  RATE,
  SECONDS,
  seedChatMembers,
  sleep,
  stopProcess,
} from "./lib-chat.ts";
import type { ListenerFigures, OpenCommand, Snapshot } from "./lib-listeners.ts";

const count = (name: string, fallback: number) => {
  const n = Math.trunc(Number(process.env[name] ?? fallback));
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
const LISTENERS = count("BENCH_LISTENERS", 5000);
const BURST = count("BENCH_BURST", 2000);
const HOLD_SECONDS = count("BENCH_HOLD_SECONDS", 30);
const WORKERS = count("BENCH_LISTENER_WORKERS", 4);
const RAMP_SECONDS = 10;
const BURST_SECONDS = 1;
/** The burst's listeners must be connected this long after it began, then are held this long. */
const BURST_DEADLINE_SECONDS = 10;
const BURST_HOLD_SECONDS = Math.min(10, HOLD_SECONDS);
const CHAT_MEMBERS = 200;
const BUDGET = { rate: 0.9, burstConnected: 0.95, chat: 0.1 };
const fmt = (n: number) => n.toLocaleString("en-GB");

// ---------------------------------------------------------------------------------------------
// Where the processes run. BENCH_CPU_LAYOUT=split (the default on 2 or more CPUs) deploys as the
// README's Deploying advises on a small machine: the listener path (nginx, Icecast, Liquidsoap, the
// relay) on the upper half of the CPUs, the app and its PostgreSQL on the lower half, so that the
// audio's bursts of work never queue ahead of a member's answer. The chat's measuring client (this
// process) runs with the app. The listeners' load generators (players on other machines) run at
// SCHED_IDLE (bench/lib-listeners.ts), taking only CPU time no server wants, on any CPU
// (BENCH_LOADGEN_CPUS, a taskset list, e.g. the listener path's): on 2 cores the listener path's
// one cannot hold them too during a burst. `shared`: no pinning.
const CPUS = os.availableParallelism();
const SPLIT = (process.env.BENCH_CPU_LAYOUT ?? "split") === "split" && CPUS >= 2;
const half = Math.floor(CPUS / 2);
const APP_CPUS = half > 1 ? `0-${half - 1}` : "0";
const RADIO_CPUS = CPUS - half > 1 ? `${half}-${CPUS - 1}` : String(half);
const LOADGEN_CPUS = process.env.BENCH_LOADGEN_CPUS || `0-${CPUS - 1}`;

/** A process's children (of all its threads), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
        .split(" ")
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Pins `pid`, its threads and its descendants to `cpus` (a taskset list); children started later inherit it. */
function pin(pid: number, cpus: string) {
  for (let queue = [pid]; queue.length; ) {
    const next = queue.shift() as number;
    try {
      execFileSync("taskset", ["-a", "-p", "-c", cpus, String(next)], { stdio: "ignore" });
    } catch {
      // it ended
    }
    queue = [...queue, ...childrenOf(next)];
  }
}

// ---------------------------------------------------------------------------------------------
// The load generators.

interface Figures {
  /** Which listener: its load generator and its place there (the same in every snapshot). */
  id: number;
  group: string;
  /** To the end of the TLS handshake (or TCP connect), and to the answer's head. */
  socketMs: number;
  connectMs: number;
  bytes: number;
  open: boolean;
  error: string;
  /** When the snapshot holding these figures was taken (epoch ms). */
  at: number;
}

interface Taken {
  at: number;
  /** The kernel's count of connections dropped from full listen queues so far (all of this machine's). */
  listenDrops: number;
  loadgenCpuMs: number;
  listeners: Figures[];
  /** CPU ms so far of each measured server process, by name. */
  cpu: Record<string, number>;
}

class LoadGenerators {
  private constructor(private readonly children: ChildProcess[]) {}

  static async start(workers: number): Promise<LoadGenerators> {
    const children = Array.from({ length: workers }, () =>
      fork(path.join(root, "bench/lib-listeners.ts"), [], {
        cwd: root,
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    await Promise.all(children.map((c) => LoadGenerators.reply(c, "ready")));
    if (SPLIT) for (const c of children) if (c.pid) pin(c.pid, LOADGEN_CPUS);
    return new LoadGenerators(children);
  }

  private static reply<T>(child: ChildProcess, type: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`a listener load generator exited (${code}) before answering ${type}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  }

  /** `total` listeners of `group` at `url`, spread evenly over `rampMs` from `startAt` across the workers. */
  open(group: string, url: string, total: number, startAt: number, rampMs: number, ca?: string) {
    const w = this.children.length;
    const gap = rampMs / total;
    this.children.forEach((child, i) => {
      const share = Math.floor(total / w) + (i < total % w ? 1 : 0);
      const command: OpenCommand = {
        type: "open",
        group,
        url,
        count: share,
        startAt: startAt + i * gap,
        rampMs: share * gap * w,
        localAddress: `127.0.0.${2 + i}`,
        ca,
      };
      child.send(command);
    });
  }

  async snapshot(): Promise<{ at: number; cpuMs: number; listeners: Figures[] }> {
    const answers = await Promise.all(
      this.children.map((c) => {
        const answer = LoadGenerators.reply<Snapshot>(c, "snapshot");
        c.send({ type: "snapshot" });
        return answer;
      }),
    );
    const toFigures = (
      worker: number,
      at: number,
      [group, connectMs, bytes, open, error, socketMs]: ListenerFigures,
      i: number,
    ) => ({
      id: worker * 1_000_000 + i,
      group,
      socketMs,
      connectMs,
      bytes,
      open: open === 1,
      error,
      at,
    });
    return {
      at: Math.max(...answers.map((a) => a.at)),
      cpuMs: answers.reduce((sum, a) => sum + a.cpuMs, 0),
      listeners: answers.flatMap((a, w) => a.listeners.map((l, i) => toFigures(w, a.at, l, i))),
    };
  }

  async close() {
    await Promise.all(
      this.children.map((c) => {
        const answer = LoadGenerators.reply(c, "closed");
        c.send({ type: "close" });
        return answer;
      }),
    );
  }

  async stop() {
    for (const c of this.children) await stopProcess(c);
  }
}

// ---------------------------------------------------------------------------------------------
// Figures.

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const p50p99 = (values: number[]) =>
  values.length ? `${percentile(values, 50).toFixed(0)}/${percentile(values, 99).toFixed(0)}` : "-";

/**
 * What each listener of `group` (or of `only` among them) received between two snapshots, as a
 * share of `bytesPerSecond` (0 for one closed by then).
 */
function rates(from: Taken, to: Taken, group: string, bytesPerSecond: number, only?: Set<number>) {
  const earlier = new Map(from.listeners.map((l) => [l.id, l]));
  const shares: number[] = [];
  for (const l of to.listeners) {
    if (l.group !== group || (only && !only.has(l.id))) continue;
    const before = earlier.get(l.id);
    const seconds = (l.at - (before?.at ?? from.at)) / 1000;
    shares.push(l.open ? (l.bytes - (before?.bytes ?? 0)) / (bytesPerSecond * seconds) : 0);
  }
  return shares;
}
const atRate = (shares: number[]) => shares.filter((s) => s >= BUDGET.rate).length;
/** The 5th percentile and the median of the listeners' shares of the bitrate, in %. */
const rateSpread = (shares: number[]) =>
  shares.length
    ? `${(percentile(shares, 5) * 100).toFixed(0)}/${(percentile(shares, 50) * 100).toFixed(0)}`
    : "-";

/** The most frequent reasons listeners of `group` were lost or refused, e.g. "ECONNRESET x12". */
function errors(taken: Taken, group: string): string {
  const by = new Map<string, number>();
  for (const l of taken.listeners)
    if (l.group === group && l.error) by.set(l.error, (by.get(l.error) ?? 0) + 1);
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([e, n]) => `${e} x${n}`)
    .join(", ");
}

interface Row {
  path: string;
  phase: string;
  listeners: number;
  connected: number;
  p50: number;
  p99: number;
  /** p50/p99 ms to the end of the TCP connect or TLS handshake. */
  sock: string;
  /** p5/p50 of the listeners' received rate, % of the bitrate. */
  spread: string;
  /** Share at rate (NaN where not measured). */
  atRate: number;
  /** During the burst: the share of the earlier listeners still at rate. */
  heldAtRate: number;
  cpu: Record<string, number>;
  loadgenCpu: number;
  /** Connections the kernel dropped from full listen queues during the phase. */
  drops: number;
  /** What the server said it had (Icecast's or the relay's listener count), at the phase's end. */
  counted: string;
  errors: string;
}

/** TcpExt ListenDrops from /proc/net/netstat: SYNs and handshakes dropped because a listen queue was full. */
function listenDrops(): number {
  const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
  const names = lines.find((l) => l.startsWith("TcpExt:"))?.split(" ") ?? [];
  const values = lines.filter((l) => l.startsWith("TcpExt:"))[1]?.split(" ") ?? [];
  return Number(values[names.indexOf("ListenDrops")] ?? Number.NaN);
}

const CPU_NAMES = ["icecast", "relay", "nginx", "app"] as const;

const COLUMNS: Column<Row>[] = [
  { head: "path", cell: (r) => r.path },
  { head: "phase", cell: (r) => r.phase },
  { head: "listeners", cell: (r) => fmt(r.listeners) },
  { head: "connected", cell: (r) => fmt(r.connected) },
  { head: "tcp/tls p50/p99", cell: (r) => r.sock },
  { head: "conn p50 ms", cell: (r) => (Number.isNaN(r.p50) ? "-" : r.p50.toFixed(0)) },
  { head: "conn p99 ms", cell: (r) => (Number.isNaN(r.p99) ? "-" : r.p99.toFixed(0)) },
  {
    head: ">=90% rate",
    cell: (r) => (Number.isNaN(r.atRate) ? "-" : `${(r.atRate * 100).toFixed(1)}%`),
  },
  { head: "rate p5/p50 %", cell: (r) => r.spread },
  {
    head: "earlier >=90%",
    cell: (r) => (Number.isNaN(r.heldAtRate) ? "-" : `${(r.heldAtRate * 100).toFixed(1)}%`),
  },
  { head: "server count", cell: (r) => r.counted },
  { head: "queue drops", cell: (r) => fmt(r.drops) },
  ...CPU_NAMES.map((name) => ({
    head: `${name} %`,
    cell: (r: Row) => {
      const v = r.cpu[name];
      return v === undefined ? "-" : v.toFixed(1);
    },
  })),
  { head: "loadgen %", cell: (r) => r.loadgenCpu.toFixed(0) },
];

// ---------------------------------------------------------------------------------------------
// The run.

const cpuPercent = (from: Taken, to: Taken) => {
  const seconds = (to.at - from.at) / 1000;
  return Object.fromEntries(
    Object.entries(to.cpu).map(([name, ms]) => [name, (ms - (from.cpu[name] ?? 0)) / seconds / 10]),
  );
};

/** The listener count a status answer (Icecast's status-json.xsl, the relay's /status.json) reports. */
async function reportedListeners(url: string): Promise<string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as Record<string, unknown>;
    const found: number[] = [];
    // Icecast: icestats.source.listeners (a number); a relay may say { listeners: { current } }.
    const walk = (v: unknown, key: string) => {
      if (key === "listeners" && typeof v === "number") found.push(v);
      else if (key === "listeners" && v && typeof v === "object") {
        const { current, total } = v as { current?: unknown; total?: unknown };
        const n = typeof current === "number" ? current : total;
        if (typeof n === "number") found.push(n);
      } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk(body, "");
    return found.length ? fmt(Math.max(...found)) : "?";
  } catch {
    return "?";
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-bench-listeners-"));
const musicDir = path.join(dataDir, "autodj");
const children: ChildProcess[] = [];
let station: RunningStation | undefined;
let nginx: TestNginx | undefined;
let loadgen: LoadGenerators | undefined;
let pgServer: Awaited<ReturnType<typeof startPostgres>> | undefined;
const sockets: Socket[] = [];
const failures: string[] = [];
// Everything this process starts inherits the app's side; the listener path moves to its own below.
if (SPLIT) pin(process.pid, APP_CPUS);
try {
  const [icecastPort, harborPort, listenPort, appPort, httpPort, httpsPort] = [
    await freePort(),
    await freePortPair(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // The station's settings as `npm start` reads them (the relay's and Icecast's limits included).
  const stationEnv = {
    DATA_DIR: dataDir,
    STATION_MUSIC_DIR: musicDir,
    PORT: String(appPort),
    ICECAST_PORT: String(icecastPort),
    STATION_HARBOR_PORT: String(harborPort),
    RADIO_LISTEN_HOST: "127.0.0.1",
    RADIO_LISTEN_PORT: String(listenPort),
    // Icecast alone must hold every listener of the baseline path (its default caps far lower).
    ICECAST_MAX_CLIENTS: String(LISTENERS + BURST + 500),
    // The relay's flush interval and niceness: their defaults unless set for the run.
    ...Object.fromEntries(
      ["RADIO_FLUSH_MS", "RADIO_RELAY_NICE"].flatMap((name) =>
        process.env[name] ? [[name, process.env[name]]] : [],
      ),
    ),
  };
  await ensureTones(musicDir);
  station = await startStation(stationConfigFromEnv(stationEnv, root));
  const icecastPid = station.pids.icecast;
  const relayPid = station.pids.relay;
  if (SPLIT) for (const pid of Object.values(station.pids)) if (pid) pin(pid, RADIO_CPUS);

  // The stream's bitrate, as the station announces it.
  const status = (await (await fetch(`${station.icecastUrl}/status-json.xsl`)).json()) as {
    icestats?: { source?: { bitrate?: number; audio_info?: string } };
  };
  const source = status.icestats?.source;
  const kbps =
    Number(source?.bitrate) || Number(/bitrate=(\d+)/.exec(source?.audio_info ?? "")?.[1]) || 128;
  const bytesPerSecond = (kbps * 1000) / 8;

  pgServer = await startPostgres();
  const database = await openDatabase({ url: pgServer.url });
  await database.migrate();
  await database.close();
  await seedChatMembers(pgServer.url, CHAT_MEMBERS);
  const app = await startProcess(
    "server/src/main.ts",
    {
      DATABASE_URL: pgServer.url,
      ADMIN_PASSWORD: "bench-admin-password",
      STATION: "on",
      ...stationEnv,
      CAMS: "off",
    },
    `http://127.0.0.1:${appPort}/api/health`,
  );
  children.push(app);
  const appUrl = `http://127.0.0.1:${appPort}`;

  // Two nginx connections per proxied listener, and the chat's.
  nginx = await startNginx(path.join(dataDir, "nginx"), {
    instances: [appPort],
    http: httpPort,
    https: httpsPort,
    radio: listenPort,
    // As many workers as the listener path has CPUs.
    workers: SPLIT ? CPUS - half : "auto",
    // Certbot's default key since 2.0: an RSA handshake costs the server about 15 times more.
    keyType: "ecdsa",
    // Either worker may take the most of them: each can hold them all.
    workerConnections: Math.min(18_000, (LISTENERS + BURST) * 2 + 1000),
  });
  if (SPLIT) for (const pid of nginx.pids()) pin(pid, RADIO_CPUS);

  const paths: {
    name: string;
    url: string;
    ca?: string;
    status: string;
    base?: boolean;
    chat?: boolean;
  }[] = [
    {
      name: "Icecast direct (base)",
      base: true,
      url: station.streamUrl,
      status: `${station.icecastUrl}/status-json.xsl`,
    },
    {
      name: "embedded (relay)",
      url: station.listenUrl,
      status: station.relayStatusUrl,
      chat: true,
    },
  ];
  // deploy/nginx.conf's /radio.mp3 (`upstream airwave_radio`: the relay).
  paths.push({
    name: "nginx /radio.mp3",
    url: `${nginx.url}/radio.mp3`,
    ca: nginx.ca,
    status: station.relayStatusUrl,
    chat: true,
  });

  const cpuPids = (): Record<string, number[]> => ({
    icecast: [icecastPid],
    relay: [relayPid],
    nginx: nginx?.pids() ?? [],
    app: app.pid ? [app.pid] : [],
  });
  const take = async (): Promise<Taken> => {
    const pids = cpuPids();
    const cpu: Record<string, number> = {};
    for (const [name, list] of Object.entries(pids))
      if (list.length) cpu[name] = list.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const s = await (loadgen as LoadGenerators).snapshot();
    return {
      at: s.at,
      listenDrops: listenDrops(),
      loadgenCpuMs: s.cpuMs,
      listeners: s.listeners,
      cpu,
    };
  };
  const loadgenPercent = (from: Taken, to: Taken) =>
    (to.loadgenCpuMs - from.loadgenCpuMs) / ((to.at - from.at) / 1000) / 10;

  console.log(
    `listeners: the real station (${kbps} kbps MP3), ${fmt(LISTENERS)} listeners over ${RAMP_SECONDS} s held ${HOLD_SECONDS} s, then ${fmt(BURST)} more within ${BURST_SECONDS} s (${BURST_DEADLINE_SECONDS} s to connect, held ${BURST_HOLD_SECONDS} s); ${WORKERS} load generator processes; nginx with deploy/nginx.conf over TLS (ECDSA P-256 certificate); ${SPLIT ? `CPUs: app and PostgreSQL ${APP_CPUS}, listener path ${RADIO_CPUS}, listeners' load generators ${LOADGEN_CPUS}` : "CPUs shared"}`,
  );

  // The chat: 200 members in the room, measured without listeners just before the embedded path's.
  await fillRoom(sockets, CHAT_MEMBERS, (n) => connectMember(appUrl, n));
  const measureChat = async () => {
    const figures = await measureDeliveries(sockets, [app.pid ?? 0]);
    for (const s of sockets) s.off(OUT.message).off(OUT.system).off(OUT.error);
    return figures;
  };
  /** Per path measured with the chat: the windows without listeners (before and after) and with. */
  const chats: { path: string; before: Deliveries; loaded: Deliveries; after?: Deliveries }[] = [];

  // BENCH_LISTENER_PATHS=nginx (words of the paths' names) measures only those, for a quick look.
  const only = process.env.BENCH_LISTENER_PATHS?.split(",").filter(Boolean);
  if (only)
    paths.splice(0, paths.length, ...paths.filter((p) => only.some((w) => p.name.includes(w))));
  loadgen = await LoadGenerators.start(WORKERS);
  const rows: Row[] = [];
  const burstShare: Record<string, number> = {};
  for (const p of paths) {
    const ramp = `ramp-${p.name}`;
    const burst = `burst-${p.name}`;
    // The window without listeners after the previous path's, if it came right before, is this one's.
    const previous = chats.at(-1);
    const chatBefore = !p.chat
      ? undefined
      : previous?.after && previous.path === paths[paths.indexOf(p) - 1]?.name
        ? previous.after
        : await measureChat();
    const t0 = await take();
    const startAt = Date.now() + 300;
    loadgen.open(ramp, p.url, LISTENERS, startAt, RAMP_SECONDS * 1000, p.ca);
    await sleep(startAt + RAMP_SECONDS * 1000 + 1000 - Date.now());
    const t1 = await take();
    const chat = p.chat ? measureChat() : undefined;
    await sleep(t1.at + HOLD_SECONDS * 1000 - Date.now());
    const t2 = await take();
    const heldCount = await reportedListeners(p.status);
    const chatLoaded = await chat;

    const tB = await take();
    const burstAt = Date.now() + 200;
    loadgen.open(burst, p.url, BURST, burstAt, BURST_SECONDS * 1000, p.ca);
    await sleep(burstAt + BURST_DEADLINE_SECONDS * 1000 - Date.now());
    const t3 = await take();
    await sleep(t3.at + BURST_HOLD_SECONDS * 1000 - Date.now());
    const t4 = await take();
    const burstCount = await reportedListeners(p.status);
    await loadgen.close();

    const rampConnect = t1.listeners.filter((l) => l.group === ramp && l.connectMs >= 0);
    rows.push({
      path: p.name,
      phase: `${fmt(LISTENERS)} in ${RAMP_SECONDS} s`,
      listeners: LISTENERS,
      connected: rampConnect.length,
      p50: percentile(
        rampConnect.map((l) => l.connectMs),
        50,
      ),
      p99: percentile(
        rampConnect.map((l) => l.connectMs),
        99,
      ),
      sock: p50p99(
        t1.listeners.filter((l) => l.group === ramp && l.socketMs >= 0).map((l) => l.socketMs),
      ),
      spread: "",
      atRate: Number.NaN,
      heldAtRate: Number.NaN,
      drops: t1.listenDrops - t0.listenDrops,
      cpu: cpuPercent(t0, t1),
      loadgenCpu: loadgenPercent(t0, t1),
      counted: "",
      errors: errors(t1, ramp),
    });
    const heldShares = rates(t1, t2, ramp, bytesPerSecond);
    const held = atRate(heldShares);
    rows.push({
      path: p.name,
      phase: `held ${HOLD_SECONDS} s`,
      listeners: LISTENERS,
      connected: t2.listeners.filter((l) => l.group === ramp && l.open && l.connectMs >= 0).length,
      p50: Number.NaN,
      p99: Number.NaN,
      sock: "",
      spread: rateSpread(heldShares),
      atRate: held / LISTENERS,
      heldAtRate: Number.NaN,
      drops: t2.listenDrops - t1.listenDrops,
      cpu: cpuPercent(t1, t2),
      loadgenCpu: loadgenPercent(t1, t2),
      counted: heldCount,
      errors: errors(t2, ramp),
    });
    // Burst listeners connected within the deadline , then at rate.
    const inTime = t3.listeners.filter(
      (l) => l.group === burst && l.connectMs >= 0 && l.connectMs <= BURST_DEADLINE_SECONDS * 1000,
    );
    const burstConnect = inTime.map((l) => l.connectMs);
    const burstShares = rates(t3, t4, burst, bytesPerSecond, new Set(inTime.map((l) => l.id)));
    const burstAtRate = atRate(burstShares) / BURST;
    burstShare[p.name] = burstAtRate;
    rows.push({
      path: p.name,
      phase: `+${fmt(BURST)} in ${BURST_SECONDS} s`,
      listeners: BURST,
      connected: inTime.length,
      p50: percentile(burstConnect, 50),
      p99: percentile(burstConnect, 99),
      sock: p50p99(
        t3.listeners.filter((l) => l.group === burst && l.socketMs >= 0).map((l) => l.socketMs),
      ),
      atRate: burstAtRate,
      spread: rateSpread(burstShares),
      heldAtRate: atRate(rates(tB, t4, ramp, bytesPerSecond)) / LISTENERS,
      drops: t4.listenDrops - tB.listenDrops,
      cpu: cpuPercent(tB, t4),
      loadgenCpu: loadgenPercent(tB, t4),
      counted: burstCount,
      errors: errors(t4, burst),
    });
    if (!p.base) {
      const name = p.name;
      if (held < LISTENERS)
        failures.push(
          `${name}: ${fmt(LISTENERS - held)} of the held listeners below 90% of the bitrate`,
        );
      if (burstAtRate < BUDGET.burstConnected)
        failures.push(
          `${name}: ${(burstAtRate * 100).toFixed(1)}% of the burst connected within ${BURST_DEADLINE_SECONDS} s and at rate (< ${BUDGET.burstConnected * 100}%)`,
        );
      const base = paths.find((x) => x.base);
      if (base && burstAtRate < (burstShare[base.name] ?? 0))
        failures.push(`${name}: fewer of the burst connected and at rate than Icecast alone`);
    }
    // The servers let the closed listeners go before the next path.
    await sleep(3000);
    // The chat again without listeners: one noisy window does not decide alone.
    if (chatBefore && chatLoaded)
      chats.push({
        path: p.name,
        before: chatBefore,
        loaded: chatLoaded,
        after: await measureChat(),
      });
  }

  console.log(
    `  (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        " ",
      )}; conn: from the scheduled connect to the answer's head; >=90% rate: listeners that received at least 90% of ${kbps} kbps over the window; earlier: the ${fmt(LISTENERS)} held ones during the burst; server count: what Icecast's or the relay's status said at the phase's end; CPU in % of one core)`,
  );
  printColumns(COLUMNS, rows);
  for (const r of rows)
    if (r.errors) console.log(`  ${r.path}, ${r.phase}: lost or refused: ${r.errors}`);

  if (chats.length) {
    console.log(
      `\n  chat: ${CHAT_MEMBERS} members, ${RATE} messages/s, ${SECONDS} s a window: without listeners, with ${fmt(LISTENERS)} held, without again; run-queue wait of the app's and the members' client's main threads (/proc/<pid>/schedstat)`,
    );
    type ChatRow = Deliveries & { name: string };
    const chatRows: ChatRow[] = chats.flatMap((c) => [
      { name: `${c.path}: before`, ...c.before },
      { name: `${c.path}: ${fmt(LISTENERS)} listeners`, ...c.loaded },
      ...(c.after ? [{ name: `${c.path}: after`, ...c.after }] : []),
    ]);
    const wait = (d: { msPerSecond: number; usPerSlice: number } | undefined) =>
      d ? `${d.msPerSecond.toFixed(1)} / ${d.usPerSlice.toFixed(0)}` : "-";
    printColumns<ChatRow>(
      [
        { head: "", cell: (r) => r.name },
        { head: "p50 ms", cell: (r) => r.p50.toFixed(1) },
        { head: "p99 ms", cell: (r) => r.p99.toFixed(1) },
        { head: "lost", cell: (r) => String(r.lost) },
        { head: "app cpu %", cell: (r) => (r.cpu[0] ?? Number.NaN).toFixed(1) },
        { head: "app wait ms/s / us/slice", cell: (r) => wait(r.runDelay[0]) },
        { head: "client wait ms/s / us/slice", cell: (r) => wait(r.loadgenRunDelay) },
        { head: "client cpu %", cell: (r) => r.loadgenCpu.toFixed(1) },
        {
          head: "softirq % per CPU",
          cell: (r) => r.cpuStates.map((c) => c.softirq.toFixed(1)).join(" / "),
        },
        {
          head: "steal % per CPU",
          cell: (r) => r.cpuStates.map((c) => c.steal.toFixed(1)).join(" / "),
        },
      ],
      chatRows,
    );
    for (const c of chats) {
      // Against the mean of the windows without listeners.
      const quiet = [c.before, ...(c.after ? [c.after] : [])];
      const mean = (f: (d: Deliveries) => number) =>
        quiet.reduce((sum, d) => sum + f(d), 0) / quiet.length;
      const p99 = c.loaded.p99 / mean((d) => d.p99) - 1;
      const cpu = (c.loaded.cpu[0] ?? 0) / mean((d) => d.cpu[0] ?? 0) - 1;
      const spread = quiet.map((d) => d.p99.toFixed(1)).join(", ");
      console.log(
        `  ${c.path}, with listeners: chat p99 ${p99 >= 0 ? "+" : ""}${(p99 * 100).toFixed(0)}% (without: ${spread} ms), app CPU ${cpu >= 0 ? "+" : ""}${(cpu * 100).toFixed(0)}%`,
      );
      if (p99 > BUDGET.chat)
        failures.push(`${c.path}: chat p99 ${(p99 * 100).toFixed(0)}% higher with the listeners`);
      if (cpu > BUDGET.chat)
        failures.push(`${c.path}: app CPU ${(cpu * 100).toFixed(0)}% higher with the listeners`);
      if (c.loaded.lost > 0)
        failures.push(`${c.path}: chat: ${c.loaded.lost} deliveries lost with the listeners`);
    }
  }
  console.log(
    failures.length
      ? `  budget NOT met:\n${failures.map((f) => `   - ${f}`).join("\n")}`
      : "  budget met: every held listener at rate, burst >= 95% at rate and no worse than Icecast alone, chat and app CPU within 10%",
  );
  // What nginx complained of (connections or files running out), if anything.
  try {
    const complaints = readFileSync(path.join(dataDir, "nginx", "error.log"), "utf8")
      .split("\n")
      .filter((line) => /\[(warn|error|alert|crit|emerg)\]/.test(line));
    if (complaints.length)
      console.log(
        `  nginx's error log (${complaints.length} warnings and errors):\n   ${complaints.slice(-3).join("\n   ")}`,
      );
  } catch {}
} finally {
  for (const s of sockets) s.disconnect();
  await loadgen?.stop();
  for (const c of children) await stopProcess(c);
  await nginx?.stop();
  await station?.stop();
  await pgServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failures.length ? 1 : 0);
