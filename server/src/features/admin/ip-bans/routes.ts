import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";

/** Admin Tab 7 (IP bans): routes land here. */
export function adminIpBansRoutes(_app: FastifyInstance, _ctx: AppContext) {}
