import { ADMIN_API, adminPostsQuerySchema, POST_MESSAGES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../../platform/context.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { adminPostReports, adminPostsPage } from "./service.ts";

const postParams = z.object({ id: z.string().trim().min(1, POST_MESSAGES.notFound).max(100) });

/**
 * Admin Tab 2 (posts and reports): the post lists and a post's reports. A post is deleted with the
 * posts feature's POST /api/auth/deletePost, which already lets an Admin delete any post.
 */
export function adminPostsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(ADMIN_API.posts, async (request) =>
    adminPostsPage(ctx, requireActor(request), adminPostsQuerySchema.parse(request.query)),
  );
  app.get(ADMIN_API.postReports(":id").replace("%3Aid", ":id"), async (request) => {
    const { id } = postParams.parse(request.params);
    return adminPostReports(ctx, requireActor(request), id);
  });
}
