import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";

export function djRoutes(_app: FastifyInstance, _ctx: AppContext) {}
