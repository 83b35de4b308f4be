import { ADMIN_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { routeRegistrar } from "../../../platform/http/declared-routes.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import {
  banUser,
  createUserAsAdmin,
  getUserDetail,
  listUsers,
  sendResetEmail,
  setUserDj,
  setUserRole,
  unbanUser,
} from "./service.ts";

/** Admin Tab 1 (user management): every call is Admin only (the declarations' access). */
export function adminUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = ADMIN_ROUTES;
  route(r.users, async (req) => listUsers(ctx, requireActor(req), req.query));
  route(r.createUser, async (req) => createUserAsAdmin(ctx, requireActor(req), req.body));
  route(r.user, async (req) => getUserDetail(ctx, requireActor(req), req.params.id));
  route(r.userRole, async (req) =>
    setUserRole(ctx, requireActor(req), req.params.id, req.body.role),
  );
  route(r.userDj, async (req) => setUserDj(ctx, requireActor(req), req.params.id, req.body.isDj));
  route(r.userBan, async (req) => banUser(ctx, requireActor(req), req.params.id, req.body));
  route(r.userUnban, async (req) => unbanUser(ctx, requireActor(req), req.params.id, req.body));
  route(r.userResetEmail, async (req) => sendResetEmail(ctx, requireActor(req), req.params.id));
}
