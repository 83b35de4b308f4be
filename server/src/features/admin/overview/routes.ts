import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";

/** Admin Tab 0 (metrics, traffic log): routes land here. */
export function adminOverviewRoutes(_app: FastifyInstance, _ctx: AppContext) {}
