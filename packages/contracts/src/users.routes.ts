import { defineRoutes } from "./route.ts";
import {
  basicUsersQuerySchema,
  nameTagStylingSchema,
  recentQuerySchema,
  searchQuerySchema,
  updateProfileSchema,
  userProfileSchema,
  userRefQuerySchema,
  usersAnswerSchema,
} from "./users.ts";
import { userDataSchema } from "./users-self.routes.ts";

/** Profiles, member lists, search and presence (community spec 7); the own-data calls: USERS_SELF_ROUTES. */
export const USERS_ROUTES = /* @__PURE__ */ defineRoutes("users", {
  profile: {
    method: "GET",
    path: "/api/auth/getUserProfileData",
    access: "member",
    summary: "A member's profile card, counts, the viewer's relation, and content if allowed",
    query: userRefQuerySchema,
    response: userProfileSchema,
  },
  updateProfile: {
    method: "POST",
    path: "/api/auth/updateProfile",
    access: "member",
    summary: "Edit one's profile",
    body: updateProfileSchema,
    response: userDataSchema,
  },
  nameTagStyling: {
    method: "POST",
    path: "/api/auth/namTagStyling",
    access: "member",
    summary: "Set one's chat name tag style",
    body: nameTagStylingSchema,
    response: userDataSchema,
  },
  basicUsers: {
    method: "GET",
    path: "/api/auth/basicUsers",
    access: "member",
    summary: "Members by id (avatars, hover lists)",
    query: basicUsersQuerySchema,
    response: usersAnswerSchema,
  },
  all: {
    method: "GET",
    path: "/api/auth/getUsers",
    access: "member",
    summary: "Every member",
    response: usersAnswerSchema,
  },
  djs: {
    method: "GET",
    path: "/api/auth/getDjUsers",
    access: "member",
    summary: "Every DJ",
    response: usersAnswerSchema,
  },
  search: {
    method: "GET",
    path: "/api/auth/searchUsers",
    access: "member",
    summary: "Members whose name matches",
    query: searchQuerySchema,
    response: usersAnswerSchema,
    rateLimits: ["searches"],
  },
  online: {
    method: "GET",
    path: "/api/auth/users/online",
    access: "member",
    summary: "Members present now",
    response: usersAnswerSchema,
  },
  recent: {
    method: "GET",
    path: "/api/auth/users/recent",
    access: "member",
    summary: "Members seen lately",
    query: recentQuerySchema,
    response: usersAnswerSchema,
  },
});
