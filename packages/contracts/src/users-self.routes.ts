// zod/mini, and nothing from users.ts: every page, the login page included, asks for the member's
// own data and presence, so these schemas and declarations must not bring the classic zod along
// (web/scripts/report-size.mjs keeps the login page's budget).
import * as z from "zod/mini";
import { defineRoutes } from "./route.ts";

/** The editable profile of a member (community spec 3: User), as stored. */
export const userProfileFieldsSchema = z.object({
  coverphoto: z.nullable(z.string()),
  bio: z.string(),
  age: z.nullable(z.number()),
  location: z.string(),
  sex: z.string(),
  /** Comma-separated, shown as chips. */
  interests: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  customLinks: z.array(z.string()),
  nameTagStyling: z.nullable(z.record(z.string(), z.unknown())),
  isPrivate: z.boolean(),
});
export type UserProfileFields = z.infer<typeof userProfileFieldsSchema>;

/**
 * A member as GET /userdata, POST /updateProfile and POST /namTagStyling answer: always with the
 * profile fields and the e-mail for oneself; for another member the personal ones (bio, age,
 * location, sex, interests, social and custom links) only when the viewer may see the profile's
 * content, and never the e-mail.
 */
export const userDataSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.optional(z.string()),
  role: z.string(),
  isDj: z.boolean(),
  profileimage: z.string(),
  date: z.string(),
  ...z.partial(userProfileFieldsSchema).shape,
});
export type UserData = z.infer<typeof userDataSchema>;

/** POST /users/heartbeat */
export const heartbeatAnswerSchema = z.object({ ok: z.literal(true), lastSeenAt: z.string() });
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

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
