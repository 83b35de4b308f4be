import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { HEALTH_PROBE_PATHS } from "../health.ts";
import { redactUrlSecrets } from "./secret-paths.ts";

/**
 * One log line per request, once it is answered: its id (`reqId`, also on every line logged while
 * it ran), method, URL without secrets (secret-paths.ts), status, time taken in ms and client IP;
 * with the error when it failed. It replaces Fastify's own lines ("incoming request", "request
 * completed", "Route … not found"). The health probes, asked every few seconds, are logged at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      url: redactUrlSecrets(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, "request");
    else if (HEALTH_PROBE_PATHS.has(request.url)) request.log.debug(line, "request");
    else request.log.info(line, "request");
  }
}
