import type { FastifyInstance } from "fastify";
import { HEALTH_PROBE_PATHS } from "../health.ts";
import { redactUrlSecrets } from "./secret-paths.ts";

/**
 * One log line per request, once it is answered: its id (`reqId`, also on every line logged while
 * it ran), method, URL without secrets (secret-paths.ts), status, time taken in ms and client IP.
 * Fastify's own two lines per request ("incoming request", "request completed") are turned off. The
 * health probes, asked every few seconds, are logged at debug.
 */
export function installRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", (request, reply, done) => {
    const line = {
      method: request.method,
      url: redactUrlSecrets(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (HEALTH_PROBE_PATHS.has(request.url)) request.log.debug(line, "request");
    else request.log.info(line, "request");
    done();
  });
}
