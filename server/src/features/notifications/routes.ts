import { notificationIdSchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { clearNotification, listNotifications, markNotificationRead } from "./service.ts";

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/auth/userNotifications", async (request) => {
    const list = await listNotifications(ctx, requireActor(request).id);
    return { notifications: list, unread: list.filter((n) => !n.read).length };
  });

  app.post("/api/auth/markNotificationRead", async (request) => {
    const { notificationId } = notificationIdSchema.parse(request.body);
    await markNotificationRead(ctx, requireActor(request).id, notificationId);
    return { ok: true };
  });

  app.post("/api/auth/clearNotification", async (request) => {
    const { notificationId } = notificationIdSchema.parse(request.body);
    await clearNotification(ctx, requireActor(request).id, notificationId);
    return { ok: true };
  });
}
