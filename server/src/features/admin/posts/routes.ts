import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";

/** Admin Tab 2 (posts and reports): routes land here. */
export function adminPostsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
