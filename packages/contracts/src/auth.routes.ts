// zod/mini, as auth.ts: the login and register pages call these routes.
import * as z from "zod/mini";
import { messageAnswerSchema } from "./answers.ts";
import {
  authStatusSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "./auth.ts";
import { defineRoutes } from "./route.ts";

/** Both fields carry the same text: the spec's clients read one or the other. */
const msgAndMessage = z.object({ msg: z.string(), message: z.string() });

/** Sign-up, sign-in, the CSRF token, password reset (community spec 7: auth calls). */
export const AUTH_ROUTES = /* @__PURE__ */ defineRoutes("auth", {
  registrationStatus: {
    method: "GET",
    path: "/api/auth/registration/status",
    access: "public",
    summary: "Whether new members may register (an Admin switches it: ADMIN_ROUTES)",
    response: z.object({ registrationEnabled: z.boolean() }),
  },
  csrfToken: {
    method: "GET",
    path: "/api/auth/authRequest",
    access: "public",
    summary: "The CSRF token this browser sends with state-changing calls",
    response: z.object({ csrfToken: z.string() }),
  },
  status: {
    method: "GET",
    path: "/api/auth/checkauth",
    access: "public",
    summary: "Whether this browser is signed in, and any ban on it",
    response: authStatusSchema,
  },
  register: {
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    summary: "Create an account",
    body: registerSchema,
    response: z.object({ token: z.string(), userid: z.string(), message: z.string() }),
    status: 201,
    rateLimits: ["registrations"],
  },
  login: {
    method: "POST",
    path: "/api/auth/login",
    access: "public",
    summary: "Sign in: sets the session cookie",
    body: loginSchema,
    response: z.object({ message: z.string(), userid: z.string() }),
  },
  logout: {
    method: "GET",
    path: "/api/auth/logout",
    access: "public",
    summary: "Sign out: ends the session and clears its cookie",
    response: messageAnswerSchema,
  },
  logoutEverywhere: {
    method: "POST",
    path: "/api/auth/logoutEverywhere",
    access: "member",
    summary: "Sign out everywhere: ends every session of the member and closes their sockets",
    response: messageAnswerSchema,
  },
  forgotPassword: {
    method: "POST",
    path: "/api/auth/forgotPassword",
    access: "public",
    summary: "Mail a password reset link (the same answer whether the e-mail has an account)",
    body: forgotPasswordSchema,
    response: msgAndMessage,
    rateLimits: ["passwordResetRequests"],
  },
  resetPassword: {
    method: "POST",
    path: "/api/auth/resetPassword",
    access: "public",
    summary: "Set a new password with a reset key (every session ends)",
    body: resetPasswordSchema,
    response: msgAndMessage,
    rateLimits: ["passwordResets"],
  },
});
