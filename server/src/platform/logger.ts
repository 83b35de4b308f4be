import pino, { type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";
import { redactUrlSecrets } from "./http/secret-paths.ts";

/**
 * The app's logger (the process's, and each test app's): JSON lines that carry no secrets. Cookies,
 * the CSRF header and set-cookie are removed; request URLs and every message go through
 * `redactUrlSecrets`, so a reset link's key or a `?token=` value never reaches a log line (Fastify's
 * "incoming request" line logs the URL, its "Route … not found" line names it in the message).
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  options: { pretty?: boolean } = {},
): Logger {
  return pino(
    {
      level,
      redact: ["req.headers.cookie", "req.headers['x-csrf-token']", "res.headers['set-cookie']"],
      serializers: {
        // Fastify's own request serializer, with the URL redacted.
        req: (req: {
          method?: string;
          url?: string;
          host?: string;
          ip?: string;
          socket?: { remotePort?: number };
        }) => ({
          method: req.method,
          url: redactUrlSecrets(req.url ?? ""),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      hooks: {
        logMethod(args, method) {
          const safe = args.map((arg) => (typeof arg === "string" ? redactUrlSecrets(arg) : arg));
          return method.apply(this, safe as Parameters<typeof method>);
        },
      },
    },
    options.pretty && destination
      ? prettyDestination(destination)
      : (destination as DestinationStream),
  );
}

/**
 * `destination` with each JSON line turned into pino-pretty's form (`[12:00:00.123] INFO: message`
 * and the fields below it): for a person reading a terminal. Formatted in place, synchronously, so
 * the bounded output (log-output.ts) still decides what is written and what is dropped.
 */
function prettyDestination(destination: DestinationStream): DestinationStream {
  const pretty = prettyFactory({
    colorize: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    singleLine: true,
  });
  return { write: (line: string) => destination.write(pretty(line)) };
}

/** Whether the log is for a person (pretty) or a collector (JSON): `LOG_FORMAT`, `auto` by terminal. */
export const prettyLogs = (format: "auto" | "pretty" | "json", isTerminal: boolean) =>
  format === "pretty" || (format === "auto" && isTerminal);
