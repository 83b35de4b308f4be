import type { Feature } from "../../platform/feature.ts";
import { notifyChatMentions } from "./chat.ts";
import { notificationsRoutes } from "./routes.ts";
import { notificationOnce, notifications } from "./schema.ts";

/** Notifications and the bell. */
export const notificationsFeature: Feature = {
  name: "notifications",
  routes: notificationsRoutes,
  chat: notifyChatMentions,
  // Notifications (and once-a-day marks) from and to them go with the row; those about posts that
  // go, in the posts step.
  deleteAccount: { tables: [notifications, notificationOnce] },
};
