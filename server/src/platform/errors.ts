import { HTTP_MESSAGES } from "@airwave/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
// $ZodError: what every zod schema throws, the classic API's ZodError and zod/mini's alike (the
// auth contracts use zod/mini so that the login page carries less of zod).
import { $ZodError } from "zod/v4/core";

/** The one error type services throw; the error handler turns it into `{ message, ...extra }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const forbidden = (message: string = HTTP_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** The first issue's message: the contract's own text for the field that failed. */
export function zodMessage(error: $ZodError): string {
  return error.issues[0]?.message ?? HTTP_MESSAGES.invalidInput;
}

/**
 * PostgreSQL refuses text holding a NUL character (22021) or a character its encoding cannot hold
 * (22P05) before writing anything: that is bad input (e.g. `%00` in an id or a search), not a fault.
 */
const INVALID_TEXT_CODES = new Set(["22021", "22P05"]);
function isInvalidTextError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && INVALID_TEXT_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the log keeps of an unexpected error. A failed query's error (drizzle's, and PGlite's under it)
 * carries the statement's parameters in its message and `params`, and PostgreSQL's `detail` repeats
 * key values: a password hash, an e-mail, a reset key's hash. The log gets the statement, the code,
 * constraint and message of PostgreSQL's error and the stack frames, never the values.
 */
function loggable(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || !("params" in error) || depth > 3) return error;
  const query = "query" in error ? String(error.query) : "";
  const pg = error as Error & { code?: unknown; constraint?: unknown; table?: unknown };
  const safe = Object.assign(
    new Error(error.message.startsWith("Failed query") ? `Failed query: ${query}` : error.message, {
      cause: loggable(error.cause, depth + 1),
    }),
    { code: pg.code, constraint: pg.constraint, table: pg.table },
  );
  safe.name = error.name;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  return safe;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | $ZodError, request, reply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.status(error.status).send({ message: error.message, ...error.extra });
    }
    if (error instanceof $ZodError) {
      return reply.status(400).send({ message: zodMessage(error) });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, unsupported media type...
      const message =
        status === 413
          ? HTTP_MESSAGES.requestTooLarge
          : status === 415
            ? HTTP_MESSAGES.unsupportedContentType
            : status === 429
              ? HTTP_MESSAGES.tooManyRequests
              : HTTP_MESSAGES.invalidInput;
      return reply.status(status).send({ message });
    }
    if (isInvalidTextError(error)) {
      return reply.status(400).send({ message: HTTP_MESSAGES.invalidInput });
    }
    request.log.error({ err: loggable(error), reqId: request.id }, "unhandled error");
    return reply.status(500).send({ message: HTTP_MESSAGES.internal, requestId: request.id });
  });
}
