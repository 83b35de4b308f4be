// A listener load generator of bench/listeners.ts, run as a process of its own (several of them, so
// the client side is neither the bottleneck nor counted as the server's CPU). Plain `net`/`tls`
// sockets: each listener sends one HTTP GET for the stream and counts the body bytes it receives.
// Driven over IPC by the benchmark:
//   { type: "open", group, url, count, startAt, rampMs, localAddress?, ca? }: opens `count`
//     listeners evenly spread over `rampMs` from `startAt` (epoch ms, so the workers keep in step);
//   { type: "snapshot" }: answers every listener's figures so far (see `Listener`) and this
//     process's CPU time;
//   { type: "close" }: closes every listener, answers { type: "closed" }.
import { execFileSync } from "node:child_process";
import net from "node:net";
import os from "node:os";
import tls from "node:tls";

// The listeners stand for players on other machines: here they run at the lowest priority so that
// the servers measured get the CPU first, as they would alone. BENCH_LOADGEN_NICE: `idle` (the
// default) is SCHED_IDLE, CPU time nothing else wants (a server woken preempts them at once); a
// number (0-19) is a niceness instead.
const loadgenNice = process.env.BENCH_LOADGEN_NICE ?? "idle";
if (loadgenNice === "idle")
  execFileSync("chrt", ["--idle", "--all-tasks", "--pid", "0", String(process.pid)], {
    stdio: "ignore",
  });
else os.setPriority(Number(loadgenNice));

export interface OpenCommand {
  type: "open";
  group: string;
  url: string;
  count: number;
  startAt: number;
  rampMs: number;
  localAddress?: string;
  ca?: string;
}

/**
 * One listener as a snapshot reports it: [group, ms from its scheduled start to the answer's head
 * (-1: none yet), body bytes, open (1/0), error, ms from its scheduled start to the end of the TLS
 * handshake or the TCP connect (-1: not yet)].
 */
export type ListenerFigures = [string, number, number, number, string, number];

export interface Snapshot {
  type: "snapshot";
  at: number;
  cpuMs: number;
  listeners: ListenerFigures[];
}

interface Listener {
  group: string;
  socketMs: number;
  connectMs: number;
  bytes: number;
  open: boolean;
  error: string;
  socket?: net.Socket;
}

const listeners: Listener[] = [];
/** One TLS context per trusted certificate: a context per connection would cost each one milliseconds. */
const contexts = new Map<string, tls.SecureContext>();
const contextFor = (ca: string) => {
  let context = contexts.get(ca);
  if (!context) {
    context = tls.createSecureContext({ ca });
    contexts.set(ca, context);
  }
  return context;
};
const send = (message: unknown) => process.send?.(message);

/**
 * A TLS connection that verifies the server as a player does: the chain against `ca` (OpenSSL, as
 * always) and the name (here the IP address) against the certificate. Node checks the name on the
 * object getPeerCertificate(true) builds, fingerprints and all: about a millisecond of this
 * process's CPU per connection, as much as the rest of the handshake. The X509Certificate's own
 * check does the same test for a fraction of it.
 */
function connectTls(options: net.TcpNetConnectOpts, ca: string, ready: () => void) {
  const socket: tls.TLSSocket = tls.connect(
    {
      ...options,
      secureContext: contextFor(ca),
      checkServerIdentity: (host: string): Error | undefined => {
        const cert = socket.getPeerX509Certificate();
        const ok = net.isIP(host) ? cert?.checkIP(host) : cert?.checkHost(host);
        return ok ? undefined : new Error(`the certificate is not for ${host}`);
      },
    },
    ready,
  );
  // What Node's own check reads, replaced by the one above (nothing else here asks for it).
  socket.getPeerCertificate = () => ({}) as tls.DetailedPeerCertificate;
  return socket;
}

/** Opens one listener at `url` now; `scheduled` is when it was due (its connect time counts from then). */
function listen(command: OpenCommand, scheduled: number) {
  const url = new URL(command.url);
  const secure = url.protocol === "https:";
  const port = Number(url.port || (secure ? 443 : 80));
  const listener: Listener = {
    group: command.group,
    socketMs: -1,
    connectMs: -1,
    bytes: 0,
    open: true,
    error: "",
  };
  listeners.push(listener);
  const request = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: airwave-bench-listener\r\nAccept: */*\r\nConnection: close\r\n\r\n`;
  const options = { host: url.hostname, port, localAddress: command.localAddress };
  const ready = () => {
    listener.socketMs = Date.now() - scheduled;
    socket.write(request);
  };
  const socket = secure
    ? connectTls(options, command.ca ?? "", ready)
    : net.connect(options, ready);
  listener.socket = socket;
  let head = "";
  socket.on("data", (chunk: Buffer) => {
    if (listener.connectMs >= 0) {
      listener.bytes += chunk.length;
      return;
    }
    head += chunk.toString("latin1");
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) {
      if (head.length > 16_384) socket.destroy(new Error("no end of the answer's head"));
      return;
    }
    const status = /^(?:HTTP\/1\.[01]|ICY) (\d{3})/.exec(head)?.[1];
    if (status !== "200") {
      listener.error = `status ${status ?? "?"}`;
      socket.destroy();
      return;
    }
    listener.connectMs = Date.now() - scheduled;
    listener.bytes += head.length - end - 4;
    head = "";
  });
  socket.on("error", (err: NodeJS.ErrnoException) => {
    if (!listener.error) listener.error = err.code ?? err.message;
  });
  socket.on("close", () => {
    listener.open = false;
    listener.socket = undefined;
    if (!listener.error) listener.error = "closed";
  });
}

function open(command: OpenCommand) {
  const gap = command.count > 1 ? command.rampMs / command.count : 0;
  let next = 0;
  const tick = () => {
    const now = Date.now();
    while (next < command.count) {
      const due = command.startAt + next * gap;
      if (due > now) break;
      listen(command, due);
      next++;
    }
    if (next < command.count) setTimeout(tick, Math.max(0, command.startAt + next * gap - now));
  };
  setTimeout(tick, Math.max(0, command.startAt - Date.now()));
}

process.on("message", (command: { type: string }) => {
  if (command.type === "open") open(command as OpenCommand);
  else if (command.type === "snapshot") {
    const cpu = process.cpuUsage();
    const snapshot: Snapshot = {
      type: "snapshot",
      at: Date.now(),
      cpuMs: (cpu.user + cpu.system) / 1000,
      listeners: listeners.map((l) => [
        l.group,
        l.connectMs,
        l.bytes,
        l.open ? 1 : 0,
        l.error,
        l.socketMs,
      ]),
    };
    send(snapshot);
  } else if (command.type === "close") {
    for (const l of listeners) {
      l.socket?.destroy();
      l.error ||= "closed by the benchmark";
    }
    listeners.length = 0;
    send({ type: "closed" });
  }
});
send({ type: "ready" });
process.on("disconnect", () => process.exit(0));
