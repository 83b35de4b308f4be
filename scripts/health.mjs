// The images' health checks (deploy/containers/Containerfile, compose.yaml): exits 0 when healthy,
// 1 otherwise, from the same environment as the service it checks.
//   node scripts/health.mjs           an app instance: its readiness probe (GET /api/health/ready
//                                     on HOST:PORT) answers 200
//   node scripts/health.mjs station   Icecast answers its status (ICECAST_HOST:ICECAST_PORT) and the
//                                     listener relay takes connections (RADIO_LISTEN_HOST:RADIO_LISTEN_PORT)
//   node scripts/health.mjs janus     Janus's WebSocket API takes connections (127.0.0.1:JANUS_WS_PORT)
import net from "node:net";

const env = process.env;
/** A host to call for one a service listens on (every address: this machine's loopback). */
const callable = (host) =>
  ["0.0.0.0", "::", "[::]", "", undefined].includes(host) ? "127.0.0.1" : host;

const answers200 = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(4_000) });
  return res.ok;
};

const accepts = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: callable(host), port: Number(port), timeout: 4_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });

const checks = {
  app: () => answers200(`http://${callable(env.HOST)}:${env.PORT ?? "8080"}/api/health/ready`),
  station: async () =>
    (await answers200(
      `http://${callable(env.ICECAST_HOST)}:${env.ICECAST_PORT ?? "8000"}/status-json.xsl`,
    )) && (await accepts(env.RADIO_LISTEN_HOST, env.RADIO_LISTEN_PORT ?? "8010")),
  janus: () => accepts("127.0.0.1", env.JANUS_WS_PORT ?? "8188"),
};

const check = checks[process.argv[2] ?? "app"];
if (!check) {
  console.error(`unknown check ${process.argv[2]}: app, station or janus`);
  process.exit(2);
}
try {
  process.exit((await check()) ? 0 : 1);
} catch {
  process.exit(1);
}
