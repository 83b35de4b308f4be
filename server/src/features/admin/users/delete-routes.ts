import { ADMIN_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { routeRegistrar } from "../../../platform/http/declared-routes.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { deleteAccount } from "./delete-account.ts";

/** Admin Tab 1: deleting an account (Admin only; not one's own). */
export function adminDeleteAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  routeRegistrar(app, ctx)(ADMIN_ROUTES.userDelete, async (request) =>
    deleteAccount(ctx, requireActor(request), request.params.id),
  );
}
