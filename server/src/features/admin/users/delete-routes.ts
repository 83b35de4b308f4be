import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";

/** Admin Tab 1: deleting an account. Routes land here. */
export function adminDeleteAccountRoutes(_app: FastifyInstance, _ctx: AppContext) {}
