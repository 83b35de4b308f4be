import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";

/** Admin Tab 1 (user management): routes land here. */
export function adminUsersRoutes(_app: FastifyInstance, _ctx: AppContext) {}
