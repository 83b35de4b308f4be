import { HTTP_MESSAGES } from "@airwave/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";

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
export const unauthorized = (message: string = HTTP_MESSAGES.notAuthenticated) =>
  new AppError(401, message);
export const forbidden = (message: string = HTTP_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** The first issue's message: the contract's own text for the field that failed. */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? HTTP_MESSAGES.invalidInput;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.status(error.status).send({ message: error.message, ...error.extra });
    }
    if (error instanceof ZodError) {
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
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return reply.status(500).send({ message: HTTP_MESSAGES.internal, requestId: request.id });
  });
}
