import { NOTIFICATIONS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { clearNotification, listNotifications, markNotificationRead } from "./service.ts";

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);

  route(NOTIFICATIONS_ROUTES.list, async (request) => {
    const list = await listNotifications(ctx, requireActor(request).id);
    return { notifications: list, unread: list.filter((n) => !n.read).length };
  });

  route(NOTIFICATIONS_ROUTES.markRead, async (request) => {
    await markNotificationRead(ctx, requireActor(request).id, request.body.notificationId);
    return { ok: true };
  });

  route(NOTIFICATIONS_ROUTES.clear, async (request) => {
    await clearNotification(ctx, requireActor(request).id, request.body.notificationId);
    return { ok: true };
  });
}
