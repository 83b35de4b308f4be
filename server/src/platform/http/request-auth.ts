import { randomBytes } from "node:crypto";
import { accessRefusal, CSRF_HEADER, HTTP_MESSAGES, isCsrfExemptAccess } from "@airwave/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { VISITOR_COOKIE, verifyCsrfToken } from "../csrf.ts";
import { isAccountBanActive } from "../identity/bans.ts";
import type { UserRow } from "../identity/users.schema.ts";
import { resolveSession, SESSION_COOKIE } from "../sessions/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Decided by the session cookie only. */
    actor: UserRow | null;
    sessionToken: string | undefined;
    visitorId: string | undefined;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const YEAR_S = 365 * 24 * 60 * 60;

export function cookieOptions(ctx: AppContext, maxAgeSeconds?: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.cookieSecure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}

/** The signed-in user of a request that passed the auth hook on a non-public route. */
export function requireActor(request: FastifyRequest): UserRow {
  if (!request.actor) throw new Error("requireActor on a route without a session");
  return request.actor;
}

/**
 * One hook for every request: identify the browser (visitor cookie), resolve the session, then refuse
 * state changes without a valid CSRF token (403), and calls the route's declared access excludes:
 * without a session (401), or by a member whose role it excludes (403, before any input is read).
 * An /api route without a declaration is treated as a members' route.
 */
export function installRequestAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("actor", null);
  app.decorateRequest("sessionToken", undefined);
  app.decorateRequest("visitorId", undefined);

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith("/api/")) return;

    let visitorId = request.cookies[VISITOR_COOKIE];
    if (!visitorId || visitorId.length > 100) {
      visitorId = randomBytes(24).toString("base64url");
      reply.setCookie(VISITOR_COOKIE, visitorId, cookieOptions(ctx, YEAR_S));
    }
    request.visitorId = visitorId;

    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      const user = await resolveSession(ctx.db, token);
      if (user && !isAccountBanActive(user)) {
        request.actor = user;
        request.sessionToken = token;
      }
    }

    const declaration = request.routeOptions.config.declaration;
    const access = declaration?.access ?? "member";
    if (STATE_CHANGING.has(request.method) && !isCsrfExemptAccess(access)) {
      const given = request.headers[CSRF_HEADER];
      const ok = verifyCsrfToken(
        ctx.config.SECRET_KEY,
        typeof given === "string" ? given : undefined,
        [request.sessionToken, request.visitorId],
      );
      if (!ok) return reply.status(403).send({ message: HTTP_MESSAGES.invalidCsrf });
    }

    const refusal = accessRefusal(access, request.actor);
    if (refusal === 401) {
      return reply.status(401).send({ message: HTTP_MESSAGES.notAuthenticated });
    }
    if (refusal === 403) {
      return reply.status(403).send({ message: declaration?.refusal ?? HTTP_MESSAGES.forbidden });
    }
  });
}
