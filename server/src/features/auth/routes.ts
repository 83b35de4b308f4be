import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { csrfTokenFor } from "../../platform/csrf.ts";
import { clientIp } from "../../platform/http/client-ip.ts";
import { cookieOptions } from "../../platform/http/request-auth.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import * as auth from "./service.ts";

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: clientIp(request),
    userAgent:
      typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : undefined,
  });

  app.get("/api/auth/authRequest", async (request) => {
    const binding = request.sessionToken ?? request.visitorId;
    return { csrfToken: csrfTokenFor(ctx.config.SECRET_KEY, binding ?? "") };
  });

  app.get("/api/auth/checkauth", async (request) =>
    auth.checkAuth(ctx, request.actor, clientIp(request)),
  );

  app.post(
    "/api/auth/register",
    { preHandler: rateLimit(ctx, "registrations") },
    async (request, reply) => {
      const input = registerSchema.parse(request.body);
      return reply.status(201).send(await auth.register(ctx, input));
    },
  );

  app.post("/api/auth/login", async (request, reply) => {
    const input = loginSchema.parse(request.body);
    const { session, user } = await auth.login(ctx, input, meta(request));
    // A new sign-in in this browser replaces its earlier session rather than leaving it alive.
    if (request.sessionToken) await auth.logout(ctx, request.sessionToken);
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieOptions(ctx),
      expires: session.expiresAt,
    });
    return { message: AUTH_MESSAGES.loginSuccess, userid: user.id };
  });

  app.get("/api/auth/logout", async (request, reply) => {
    await auth.logout(ctx, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.post(
    "/api/auth/forgotPassword",
    { preHandler: rateLimit(ctx, "passwordResetRequests") },
    async (request) => {
      const { email } = forgotPasswordSchema.parse(request.body);
      return auth.forgotPassword(ctx, email);
    },
  );

  app.post("/api/auth/resetPassword", async (request) => {
    const { key, password } = resetPasswordSchema.parse(request.body);
    return auth.resetPassword(ctx, key, password);
  });
}
