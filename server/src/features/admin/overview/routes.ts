import { ADMIN_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { clientIp } from "../../../platform/http/client-ip.ts";
import { routeRegistrar } from "../../../platform/http/declared-routes.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { activeUsersCount, adminMetrics, trafficPage } from "./service.ts";
import { isRecordedPath, pathWithoutQuery, trafficLogOf } from "./traffic-log.ts";

/**
 * Admin Tab 0: the metrics and the traffic log. The recording hook is added to the root instance
 * (features are called on it directly, not registered as encapsulated plugins), so it sees every
 * request Fastify answers: every route, static files, the 404 handler, refused calls.
 */
export function adminOverviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const traffic = trafficLogOf(ctx);

  app.addHook("onResponse", async (request) => {
    const path = pathWithoutQuery(request.url);
    if (!isRecordedPath(path)) return;
    traffic.record({
      ip: clientIp(request),
      path,
      method: request.method,
      at: new Date(),
    });
  });

  const route = routeRegistrar(app, ctx);
  route(ADMIN_ROUTES.traffic, async (request) =>
    trafficPage(ctx, requireActor(request), request.query),
  );
  route(ADMIN_ROUTES.activeUsersCount, async (request) =>
    activeUsersCount(ctx, requireActor(request)),
  );
  route(ADMIN_ROUTES.metrics, async (request) => adminMetrics(ctx, requireActor(request)));
}
