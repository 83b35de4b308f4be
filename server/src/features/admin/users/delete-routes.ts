import { ADMIN_API, adminDeleteUserParamsSchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { deleteAccount } from "./delete-account.ts";

/** ADMIN_API.userDelete(id) as a route pattern. */
const USER_DELETE_ROUTE = ADMIN_API.userDelete("ID").replace("ID", ":id");

/** Admin Tab 1: deleting an account (Admin only; not one's own). */
export function adminDeleteAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(USER_DELETE_ROUTE, async (request) => {
    const { id } = adminDeleteUserParamsSchema.parse(request.params);
    return deleteAccount(ctx, requireActor(request), id);
  });
}
