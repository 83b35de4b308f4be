import { HOME_MESSAGES, HOME_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { clientIp } from "../../platform/http/client-ip.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { submitContact } from "./service.ts";

export function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(HOME_ROUTES.contact, async (request) => {
    await submitContact(ctx, request.body, clientIp(request));
    return { message: HOME_MESSAGES.contactSent };
  });
}
