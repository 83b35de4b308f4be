import { ADMIN_API, trafficQuerySchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { clientIp } from "../../../platform/http/client-ip.ts";
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

  app.get(ADMIN_API.traffic, async (request) =>
    trafficPage(ctx, requireActor(request), trafficQuerySchema.parse(request.query)),
  );
  app.get(ADMIN_API.activeUsersCount, async (request) =>
    activeUsersCount(ctx, requireActor(request)),
  );
  app.get(ADMIN_API.metrics, async (request) => adminMetrics(ctx, requireActor(request)));
}
