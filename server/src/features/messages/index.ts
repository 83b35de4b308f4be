import type { Feature } from "../../platform/feature.ts";
import { privateMessageHandlers } from "./chat.ts";
import { messagesAccountDeletion } from "./delete-account.ts";
import { messagesRoutes } from "./routes.ts";

/** Private conversations. */
export const messagesFeature: Feature = {
  name: "messages",
  routes: messagesRoutes,
  chat: privateMessageHandlers,
  deleteAccount: messagesAccountDeletion,
};
