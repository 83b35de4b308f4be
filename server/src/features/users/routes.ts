import { USERS_ROUTES, USERS_SELF_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import {
  getBasicUsers,
  getUserData,
  getUserProfile,
  heartbeat,
  listDjUsers,
  listUsers,
  onlineUsers,
  recentUsers,
  searchUsers,
  setNameTagStyling,
  updateProfile,
} from "./service.ts";

/** Profiles, member lists, search and presence (community spec 7). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = USERS_ROUTES;
  route(USERS_SELF_ROUTES.userData, async (req) => getUserData(ctx, requireActor(req), req.query));
  route(r.profile, async (req) => getUserProfile(ctx, requireActor(req), req.query));
  route(r.updateProfile, async (req) => updateProfile(ctx, requireActor(req), req.body));
  route(r.nameTagStyling, async (req) => setNameTagStyling(ctx, requireActor(req), req.body));
  route(r.basicUsers, async (req) => ({
    users: await getBasicUsers(ctx, requireActor(req), req.query),
  }));
  route(r.all, async (req) => ({ users: await listUsers(ctx, requireActor(req)) }));
  route(r.djs, async (req) => ({ users: await listDjUsers(ctx, requireActor(req)) }));
  route(r.search, async (req) => ({ users: await searchUsers(ctx, requireActor(req), req.query) }));
  route(USERS_SELF_ROUTES.heartbeat, async (req) => heartbeat(ctx, requireActor(req)));
  route(r.online, async (req) => ({ users: await onlineUsers(ctx, requireActor(req)) }));
  route(r.recent, async (req) => ({ users: await recentUsers(ctx, requireActor(req), req.query) }));
}
