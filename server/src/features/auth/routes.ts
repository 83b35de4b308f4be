import { AUTH_MESSAGES, AUTH_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { csrfTokenFor } from "../../platform/csrf.ts";
import { clientIp } from "../../platform/http/client-ip.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { cookieOptions, requireActor } from "../../platform/http/request-auth.ts";
import { SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import * as auth from "./service.ts";

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: clientIp(request),
    userAgent:
      typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : undefined,
  });

  route(AUTH_ROUTES.csrfToken, async (request) => {
    const binding = request.sessionToken ?? request.visitorId;
    return { csrfToken: csrfTokenFor(ctx.config.SECRET_KEY, binding ?? "") };
  });

  route(AUTH_ROUTES.status, async (request) =>
    auth.checkAuth(ctx, request.actor, clientIp(request)),
  );

  route(AUTH_ROUTES.register, async (request) => auth.register(ctx, request.body));

  route(AUTH_ROUTES.login, async (request, reply) => {
    const { session, user } = await auth.login(ctx, request.body, meta(request));
    // A new sign-in in this browser replaces its earlier session rather than leaving it alive.
    if (request.sessionToken) await auth.logout(ctx, request.sessionToken);
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieOptions(ctx),
      expires: session.expiresAt,
    });
    return { message: AUTH_MESSAGES.loginSuccess, userid: user.id };
  });

  route(AUTH_ROUTES.logout, async (request, reply) => {
    await auth.logout(ctx, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
    return { message: AUTH_MESSAGES.loggedOut };
  });

  route(AUTH_ROUTES.logoutEverywhere, async (request, reply) => {
    const answer = await auth.logoutEverywhere(ctx, requireActor(request));
    reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
    return answer;
  });

  route(AUTH_ROUTES.forgotPassword, async (request) =>
    auth.forgotPassword(ctx, request.body.email),
  );

  route(AUTH_ROUTES.resetPassword, async (request) =>
    auth.resetPassword(ctx, request.body.key, request.body.password),
  );
}
