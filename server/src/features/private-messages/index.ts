import type { Feature } from "../../platform/feature.ts";
import { privateMessageHandlers } from "./chat.ts";
import { messagesAccountDeletion } from "./delete-account.ts";
import { messagesRoutes } from "./routes.ts";

/** Private conversations. */
export const privateMessagesFeature: Feature = {
  name: "private-messages",
  routes: messagesRoutes,
  chat: privateMessageHandlers,
  deleteAccount: messagesAccountDeletion,
};
