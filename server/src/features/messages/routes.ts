import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";

export function messagesRoutes(_app: FastifyInstance, _ctx: AppContext) {}
