import { readFileSync } from "node:fs";
import net from "node:net";

/** A TCP port free on 127.0.0.1 right now (tests and benchmarks start their servers on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether 127.0.0.1:`port` can be listened on right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 whose next port is free too: the station's DJ input listens on
 * STATION_HARBOR_PORT and STATION_HARBOR_PORT + 1 (the Shoutcast protocol), so a free port alone
 * can meet a neighbour another test took.
 */
export async function freePortPair(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = await freePort();
    if (port < 65535 && (await canListen(port + 1))) return port;
  }
  throw new Error("no two free neighbouring ports on 127.0.0.1");
}

/** The first port of the kernel's ephemeral range, where outgoing connections get their local ports. */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A TCP port free on 127.0.0.1 below the ephemeral range, with its `neighbours` next ports free too,
 * not in `taken` (added to it). For servers that start a while after the pick (containers): a port
 * from listen(0) lies in the ephemeral range, and a connection opened meanwhile (an instance's
 * database pool) can take it as its local port and hold it.
 */
export async function freeStablePort(taken: Set<number>, neighbours = 0): Promise<number> {
  const top = ephemeralStart() - neighbours;
  for (let tries = 0; tries < 200; tries++) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    const all = Array.from({ length: neighbours + 1 }, (_, i) => port + i);
    if (all.some((p) => taken.has(p))) continue;
    if (!(await Promise.all(all.map(canListen))).every(Boolean)) continue;
    for (const p of all) taken.add(p);
    return port;
  }
  throw new Error("no free port below the ephemeral range on 127.0.0.1");
}
