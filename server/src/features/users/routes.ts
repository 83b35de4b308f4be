import {
  basicUsersQuerySchema,
  nameTagStylingSchema,
  recentQuerySchema,
  searchQuerySchema,
  type UsersAnswer,
  updateProfileSchema,
  userRefQuerySchema,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
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

const userdataQuery = z.object({ id: z.string().max(100).optional() });

/** Profiles, member lists, search and presence (community spec 7). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /userdata?id: the signed-in user's own data, or another member's public data. */
  app.get("/api/auth/userdata", async (request) =>
    getUserData(ctx, requireActor(request), userdataQuery.parse(request.query)),
  );

  app.get("/api/auth/getUserProfileData", async (request) =>
    getUserProfile(ctx, requireActor(request), userRefQuerySchema.parse(request.query)),
  );

  app.post("/api/auth/updateProfile", async (request) =>
    updateProfile(ctx, requireActor(request), updateProfileSchema.parse(request.body)),
  );

  app.post("/api/auth/namTagStyling", async (request) =>
    setNameTagStyling(ctx, requireActor(request), nameTagStylingSchema.parse(request.body)),
  );

  app.get("/api/auth/basicUsers", async (request): Promise<UsersAnswer> => {
    const query = basicUsersQuerySchema.parse(request.query);
    return { users: await getBasicUsers(ctx, requireActor(request), query) };
  });

  app.get(
    "/api/auth/getUsers",
    async (request): Promise<UsersAnswer> => ({
      users: await listUsers(ctx, requireActor(request)),
    }),
  );

  app.get(
    "/api/auth/getDjUsers",
    async (request): Promise<UsersAnswer> => ({
      users: await listDjUsers(ctx, requireActor(request)),
    }),
  );

  app.get(
    "/api/auth/searchUsers",
    { preHandler: rateLimit(ctx, "searches") },
    async (request): Promise<UsersAnswer> => {
      const query = searchQuerySchema.parse(request.query);
      return { users: await searchUsers(ctx, requireActor(request), query) };
    },
  );

  app.post("/api/auth/users/heartbeat", async (request) => heartbeat(ctx, requireActor(request)));

  app.get(
    "/api/auth/users/online",
    async (request): Promise<UsersAnswer> => ({
      users: await onlineUsers(ctx, requireActor(request)),
    }),
  );

  app.get("/api/auth/users/recent", async (request): Promise<UsersAnswer> => {
    const query = recentQuerySchema.parse(request.query);
    return { users: await recentUsers(ctx, requireActor(request), query) };
  });
}
