import type { Feature } from "../../platform/feature.ts";
import { messagesAccountDeletion } from "./delete-account.ts";
import { messagesRoutes } from "./routes.ts";

/** Private conversations. */
export const messagesFeature: Feature = {
  name: "messages",
  routes: messagesRoutes,
  deleteAccount: messagesAccountDeletion,
};
