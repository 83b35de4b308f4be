import type { DeclaredRoute, RouteDeclaration } from "@airwave/contracts";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
} from "fastify";
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import type { AppContext } from "../context.ts";
import { rateLimit } from "../rate-limit/hook.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contract's declaration of a route registered with `routeRegistrar` (access, schemas). */
    declaration?: DeclaredRoute;
  }
  interface FastifyInstance {
    /** Every declaration registered on this app, in order: the OpenAPI document and the tests. */
    declaredRoutes: DeclaredRoute[];
  }
}

type Out<R, K extends "params" | "query" | "body"> = R extends {
  [P in K]: infer S extends $ZodType;
}
  ? output<S>
  : undefined;

/** A request of a declared route: params, query and body as its schemas output them. */
export type DeclaredRequest<R extends RouteDeclaration> = FastifyRequest<{
  Params: Out<R, "params">;
  Querystring: Out<R, "query">;
  Body: Out<R, "body">;
}>;

export type DeclaredHandler<R extends RouteDeclaration> = (
  request: DeclaredRequest<R>,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * Validation from the declaration's zod schemas, in Fastify's validation step. A refused part
 * answers the zod error itself, which the error handler turns into 400 with the contract's message
 * for the first issue (`platform/errors.ts`), as when the handlers parsed their input. A missing
 * body is validated as `{}`, so its first missing field names the message.
 */
const zodValidator: FastifySchemaCompiler<FastifySchema> =
  ({ schema, httpPart }) =>
  (data) => {
    const zod = schema as $ZodType;
    const result = safeParse(zod, httpPart === "body" ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };

/** Gives the app its list of declared routes (`buildPlatformApp`, before any route). */
export function installDeclaredRoutes(app: FastifyInstance) {
  app.decorate("declaredRoutes", []);
}

/**
 * Registers routes from their declarations: the method and path, the schemas Fastify validates
 * with, the access the request hook checks (`request-auth.ts`, through the route's config), the
 * abuse limits (counted before the input is read, refused calls too) and the success status.
 * Answers are sent as the handler shapes them: no serializer drops a field; the tests check them
 * against the declared answer schema (`server/test/answers.ts`).
 */
export function routeRegistrar(app: FastifyInstance, ctx: AppContext) {
  return function route<R extends DeclaredRoute>(declaration: R, handler: DeclaredHandler<R>) {
    const schema: FastifySchema = {};
    if (declaration.params) schema.params = declaration.params;
    if (declaration.query) schema.querystring = declaration.query;
    if (declaration.body) schema.body = declaration.body;
    const status = declaration.status;
    app.declaredRoutes.push(declaration);
    app.route({
      method: declaration.method,
      url: declaration.path,
      schema,
      validatorCompiler: zodValidator,
      config: { declaration },
      preValidation: (declaration.rateLimits ?? []).map((name) => rateLimit(ctx, name)),
      handler: (request, reply) => {
        if (status) reply.status(status);
        return handler(request as DeclaredRequest<R>, reply);
      },
    });
  };
}
