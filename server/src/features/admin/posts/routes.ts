import { ADMIN_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { routeRegistrar } from "../../../platform/http/declared-routes.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { adminPostReports, adminPostsPage } from "./service.ts";

/**
 * Admin Tab 2 (posts and reports): the post lists and a post's reports. A post is deleted with the
 * posts feature's POST /api/auth/deletePost, which already lets an Admin delete any post.
 */
export function adminPostsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(ADMIN_ROUTES.posts, async (request) =>
    adminPostsPage(ctx, requireActor(request), request.query),
  );
  route(ADMIN_ROUTES.postReports, async (request) =>
    adminPostReports(ctx, requireActor(request), request.params.id),
  );
}
