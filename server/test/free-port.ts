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
