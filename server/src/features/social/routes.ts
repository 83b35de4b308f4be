import {
  type FollowListAnswer,
  followRequestSchema,
  followSchema,
  privacySchema,
  targetSchema,
  unfollowSchema,
  userRefQuerySchema,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
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
  app.post("/api/auth/followUser", async (request) =>
    followUser(ctx, requireActor(request), followSchema.parse(request.body)),
  );

  app.post("/api/auth/unfollowUser", async (request) =>
    unfollowUser(ctx, requireActor(request), unfollowSchema.parse(request.body)),
  );

  app.post("/api/auth/follow/accept", async (request) =>
    acceptFollowRequest(ctx, requireActor(request), followRequestSchema.parse(request.body)),
  );

  app.post("/api/auth/follow/decline", async (request) =>
    declineFollowRequest(ctx, requireActor(request), followRequestSchema.parse(request.body)),
  );

  app.post("/api/auth/follow/cancel", async (request) =>
    cancelFollowRequest(ctx, requireActor(request), targetSchema.parse(request.body)),
  );

  app.get("/api/auth/getfollowers", async (request): Promise<FollowListAnswer> => {
    const query = userRefQuerySchema.parse(request.query);
    return { users: await listFollowers(ctx, requireActor(request), query) };
  });

  app.get("/api/auth/getfollowing", async (request): Promise<FollowListAnswer> => {
    const query = userRefQuerySchema.parse(request.query);
    return { users: await listFollowing(ctx, requireActor(request), query) };
  });

  app.post("/api/auth/privacy/set", async (request) =>
    setPrivacy(ctx, requireActor(request), privacySchema.parse(request.body)),
  );

  app.post("/api/auth/blockUser", async (request) =>
    blockUser(ctx, requireActor(request), targetSchema.parse(request.body)),
  );

  app.post("/api/auth/unblockUser", async (request) =>
    unblockUser(ctx, requireActor(request), targetSchema.parse(request.body)),
  );
}
