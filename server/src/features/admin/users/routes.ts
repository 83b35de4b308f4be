import {
  ADMIN_API,
  adminUserBanSchema,
  adminUserDjSchema,
  adminUserParamsSchema,
  adminUserRoleSchema,
  adminUsersQuerySchema,
} from "@airwave/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { adminUsersPolicy } from "./policy.ts";
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

/** A route pattern from an ADMIN_API path builder (which encodes the `:` of `:id`). */
const route = (path: (id: string) => string) => path(":id").replace("%3Aid", ":id");

/** The signed-in Admin, refused (403) before any input is read for anyone else. */
function admin(request: FastifyRequest) {
  const actor = requireActor(request);
  authorize(adminUsersPolicy, "manageUsers", actor);
  return actor;
}

const targetId = (request: FastifyRequest) => adminUserParamsSchema.parse(request.params).id;

/** Admin Tab 1 (user management): every call is Admin only. */
export function adminUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(ADMIN_API.users, async (request) => {
    const actor = admin(request);
    return listUsers(ctx, actor, adminUsersQuerySchema.parse(request.query));
  });

  app.post(ADMIN_API.users, async (request, reply) => {
    const actor = admin(request);
    const answer = await createUserAsAdmin(ctx, actor, request.body);
    return reply.status(201).send(answer);
  });

  app.get(route(ADMIN_API.user), async (request) =>
    getUserDetail(ctx, admin(request), targetId(request)),
  );

  app.post(route(ADMIN_API.userRole), async (request) => {
    const actor = admin(request);
    const { role } = adminUserRoleSchema.parse(request.body);
    return setUserRole(ctx, actor, targetId(request), role);
  });

  app.post(route(ADMIN_API.userDj), async (request) => {
    const actor = admin(request);
    const { isDj } = adminUserDjSchema.parse(request.body);
    return setUserDj(ctx, actor, targetId(request), isDj);
  });

  app.post(route(ADMIN_API.userBan), async (request) => {
    const actor = admin(request);
    const input = adminUserBanSchema.parse(request.body ?? {});
    return banUser(ctx, actor, targetId(request), input);
  });

  app.post(route(ADMIN_API.userUnban), async (request) =>
    unbanUser(ctx, admin(request), targetId(request)),
  );

  app.post(route(ADMIN_API.userResetEmail), async (request) =>
    sendResetEmail(ctx, admin(request), targetId(request)),
  );
}
