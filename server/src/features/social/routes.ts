import { SOCIAL_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import {
  acceptFollowRequest,
  blockUser,
  cancelFollowRequest,
  declineFollowRequest,
  followUser,
  listFollowers,
  listFollowing,
  setPrivacy,
  unblockUser,
  unfollowUser,
} from "./service.ts";

/** Follows, follow requests, blocks and privacy (community spec 7: Social). */
export function socialRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = SOCIAL_ROUTES;
  route(r.follow, async (req) => followUser(ctx, requireActor(req), req.body));
  route(r.unfollow, async (req) => unfollowUser(ctx, requireActor(req), req.body));
  route(r.accept, async (req) => acceptFollowRequest(ctx, requireActor(req), req.body));
  route(r.decline, async (req) => declineFollowRequest(ctx, requireActor(req), req.body));
  route(r.cancel, async (req) => cancelFollowRequest(ctx, requireActor(req), req.body));
  route(r.followers, async (req) => ({
    users: await listFollowers(ctx, requireActor(req), req.query),
  }));
  route(r.following, async (req) => ({
    users: await listFollowing(ctx, requireActor(req), req.query),
  }));
  route(r.privacy, async (req) => setPrivacy(ctx, requireActor(req), req.body));
  route(r.block, async (req) => blockUser(ctx, requireActor(req), req.body));
  route(r.unblock, async (req) => unblockUser(ctx, requireActor(req), req.body));
}
