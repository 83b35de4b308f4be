import { DJ_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { applyDj, approveDj, listDjApplications, myDjApp, rejectDj } from "./service.ts";

/** DJ applications and streaming credentials (community spec 7 DJ; admin spec 7 DJ apps). */
export function djRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(DJ_ROUTES.apply, async (request) => applyDj(ctx, requireActor(request), request.body));
  route(DJ_ROUTES.mine, async (request) => myDjApp(ctx, requireActor(request)));
  route(DJ_ROUTES.list, async (request) => ({
    applications: await listDjApplications(ctx, requireActor(request)),
  }));
  route(DJ_ROUTES.approve, async (request) => approveDj(ctx, requireActor(request), request.body));
  route(DJ_ROUTES.reject, async (request) => rejectDj(ctx, requireActor(request), request.body));
}
