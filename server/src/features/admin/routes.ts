import { ADMIN_ROUTES, AUTH_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { isRegistrationEnabled, setRegistrationEnabled } from "./service.ts";

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(AUTH_ROUTES.registrationStatus, async () => ({
    registrationEnabled: await isRegistrationEnabled(ctx.db),
  }));

  route(ADMIN_ROUTES.switchRegistration, async (request) => {
    const value = await setRegistrationEnabled(ctx.db, requireActor(request), request.body.enabled);
    return { registrationEnabled: value, enabled: value };
  });
}
