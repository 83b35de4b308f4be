// zod/mini: every page, the login page included, asks for the member's own data and presence.
import * as z from "zod/mini";
import { defineRoutes } from "./route.ts";
import { heartbeatAnswerSchema, userDataSchema } from "./users.ts";

/** The users feature's calls every page makes for the signed-in member (community spec 7). */
export const USERS_SELF_ROUTES = /* @__PURE__ */ defineRoutes("users", {
  userData: {
    method: "GET",
    path: "/api/auth/userdata",
    access: "member",
    summary: "The signed-in member's own data, or another member's public data (?id)",
    query: z.object({ id: z.optional(z.string().check(z.maxLength(100))) }),
    response: userDataSchema,
  },
  heartbeat: {
    method: "POST",
    path: "/api/auth/users/heartbeat",
    access: "member",
    summary: "Mark the member present",
    response: heartbeatAnswerSchema,
  },
});
