import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";

export function gifsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
