import { z } from "zod";
import { ADMIN_API } from "./admin.ts";
import { adminDeleteUserAnswerSchema, adminDeleteUserParamsSchema } from "./admin-delete.ts";
import {
  ipBanAnswerSchema,
  ipBanCreateSchema,
  ipBanParamsSchema,
  ipBansPageSchema,
  ipBansQuerySchema,
  userBanIpSchema,
} from "./admin-ip-bans.ts";
import {
  activeUsersAnswerSchema,
  adminMetricsSchema,
  trafficAnswerSchema,
  trafficQuerySchema,
} from "./admin-overview.ts";
import {
  adminPostReportsAnswerSchema,
  adminPostsAnswerSchema,
  adminPostsQuerySchema,
} from "./admin-posts.ts";
import {
  adminBanAnswerSchema,
  adminCreateUserSchema,
  adminUnbanAnswerSchema,
  adminUserAnswerSchema,
  adminUserBanSchema,
  adminUserDetailSchema,
  adminUserDjSchema,
  adminUserParamsSchema,
  adminUserRoleSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserUnbanSchema,
} from "./admin-users.ts";
import { registrationSwitchSchema } from "./auth.ts";
import { POST_MESSAGES } from "./posts.ts";
import { defineRoutes } from "./route.ts";

/** An ADMIN_API path builder as a route pattern (the builder escapes the `:` of `:id`). */
const pattern = (path: (id: string) => string, name = "id") =>
  path("\u0000").replace("%00", `:${name}`);

/**
 * The admin dashboard's calls (admin spec 7): the registration switch (its state is read with
 * AUTH_ROUTES.registrationStatus, by the register page) and Tabs 0, 1, 2 and 7.
 */
export const ADMIN_ROUTES = /* @__PURE__ */ defineRoutes("admin", {
  switchRegistration: {
    method: "POST",
    path: ADMIN_API.registrationStatus,
    access: "admin",
    summary: "Open or close registration (Admin)",
    body: registrationSwitchSchema,
    response: z.object({ registrationEnabled: z.boolean(), enabled: z.boolean() }),
  },
  // Tab 0: overview
  traffic: {
    method: "GET",
    path: ADMIN_API.traffic,
    access: "admin",
    summary: "A page of the traffic log (Admin)",
    query: trafficQuerySchema,
    response: trafficAnswerSchema,
  },
  activeUsersCount: {
    method: "GET",
    path: ADMIN_API.activeUsersCount,
    access: "admin",
    summary: "How many members are present (Admin)",
    response: activeUsersAnswerSchema,
  },
  metrics: {
    method: "GET",
    path: ADMIN_API.metrics,
    access: "admin",
    summary: "The dashboard's figures (Admin)",
    response: adminMetricsSchema,
  },
  // Tab 1: users
  users: {
    method: "GET",
    path: ADMIN_API.users,
    access: "admin",
    summary: "A page of members, searchable (Admin)",
    query: adminUsersQuerySchema,
    response: adminUsersPageSchema,
  },
  createUser: {
    method: "POST",
    path: ADMIN_API.users,
    access: "admin",
    summary: "Create an account (Admin)",
    body: adminCreateUserSchema,
    response: adminUserAnswerSchema,
    status: 201,
  },
  user: {
    method: "GET",
    path: pattern(ADMIN_API.user),
    access: "admin",
    summary: "A member with the accounts that share a login IP (Admin)",
    params: adminUserParamsSchema,
    response: adminUserDetailSchema,
  },
  userRole: {
    method: "POST",
    path: pattern(ADMIN_API.userRole),
    access: "admin",
    summary: "Change a member's role (Admin)",
    params: adminUserParamsSchema,
    body: adminUserRoleSchema,
    response: adminUserAnswerSchema,
  },
  userDj: {
    method: "POST",
    path: pattern(ADMIN_API.userDj),
    access: "admin",
    summary: "Give or take a member's DJ status (Admin)",
    params: adminUserParamsSchema,
    body: adminUserDjSchema,
    response: adminUserAnswerSchema,
  },
  userBan: {
    method: "POST",
    path: pattern(ADMIN_API.userBan),
    access: "admin",
    summary: "Ban a member and the chosen accounts that share a login IP (Admin)",
    params: adminUserParamsSchema,
    body: adminUserBanSchema,
    response: adminBanAnswerSchema,
  },
  userUnban: {
    method: "POST",
    path: pattern(ADMIN_API.userUnban),
    access: "admin",
    summary:
      "Lift a member's ban, and those of the accounts banned with it that are chosen (Admin)",
    params: adminUserParamsSchema,
    body: adminUserUnbanSchema,
    response: adminUnbanAnswerSchema,
  },
  userResetEmail: {
    method: "POST",
    path: pattern(ADMIN_API.userResetEmail),
    access: "admin",
    summary: "Mail a member a password reset link (Admin)",
    params: adminUserParamsSchema,
    response: z.object({ message: z.string() }),
  },
  userDelete: {
    method: "POST",
    path: pattern(ADMIN_API.userDelete),
    access: "admin",
    summary: "Delete a member's account and everything it holds (Admin; not one's own)",
    params: adminDeleteUserParamsSchema,
    response: adminDeleteUserAnswerSchema,
  },
  userBanIp: {
    method: "POST",
    path: pattern(ADMIN_API.userBanIp),
    access: "admin",
    summary: "Ban a member's last login IP (Admin)",
    params: z.object({ id: z.string().max(100) }),
    body: userBanIpSchema,
    response: ipBanAnswerSchema,
  },
  // Tab 2: posts and reports (a post is deleted with the posts feature's deletePost)
  posts: {
    method: "GET",
    path: ADMIN_API.posts,
    access: "admin",
    summary: "A page of posts, newest or most reported first (Admin)",
    query: adminPostsQuerySchema,
    response: adminPostsAnswerSchema,
  },
  postReports: {
    method: "GET",
    path: pattern(ADMIN_API.postReports),
    access: "admin",
    summary: "A post with its reports (Admin)",
    params: z.object({ id: z.string().trim().min(1, POST_MESSAGES.notFound).max(100) }),
    response: adminPostReportsAnswerSchema,
  },
  // Tab 7: IP bans
  ipBans: {
    method: "GET",
    path: ADMIN_API.ipBans,
    access: "admin",
    summary: "A page of banned IPs (Admin)",
    query: ipBansQuerySchema,
    response: ipBansPageSchema,
  },
  banIp: {
    method: "POST",
    path: ADMIN_API.ipBans,
    access: "admin",
    summary: "Ban an IP (Admin)",
    body: ipBanCreateSchema,
    response: ipBanAnswerSchema,
  },
  unbanIp: {
    method: "DELETE",
    path: pattern(ADMIN_API.ipBan, "ip"),
    access: "admin",
    summary: "Lift an IP ban (Admin)",
    params: ipBanParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  },
});
