import { okAnswerSchema } from "./answers.ts";
import { notificationIdSchema, notificationsAnswerSchema } from "./notifications.ts";
import { defineRoutes } from "./route.ts";

/** The bell's notifications (community spec 7). */
export const NOTIFICATIONS_ROUTES = /* @__PURE__ */ defineRoutes("notifications", {
  list: {
    method: "GET",
    path: "/api/auth/userNotifications",
    access: "member",
    summary: "The member's notifications, newest first, with the unread count",
    response: notificationsAnswerSchema,
  },
  markRead: {
    method: "POST",
    path: "/api/auth/markNotificationRead",
    access: "member",
    summary: "Mark one notification read",
    body: notificationIdSchema,
    response: okAnswerSchema,
  },
  clear: {
    method: "POST",
    path: "/api/auth/clearNotification",
    access: "member",
    summary: "Remove one notification",
    body: notificationIdSchema,
    response: okAnswerSchema,
  },
});
