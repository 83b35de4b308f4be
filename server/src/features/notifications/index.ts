import type { Feature } from "../../platform/feature.ts";
import { notifyChatMentions } from "./chat.ts";
import { notificationsRoutes } from "./routes.ts";
import { notifications } from "./schema.ts";

/** Notifications and the bell. */
export const notificationsFeature: Feature = {
  name: "notifications",
  routes: notificationsRoutes,
  chat: notifyChatMentions,
  // Notifications from and to them go with the row; those about posts that go, in the posts step.
  deleteAccount: { tables: [notifications] },
};
