import type { Feature } from "../../platform/feature.ts";
import { chatAccountDeletion } from "./delete-account.ts";
import { chatRoomService, chatRoutes } from "./routes.ts";

/** The chat room. */
export const chatFeature: Feature = {
  name: "chat",
  routes: (app, ctx) => chatRoutes(app, ctx),
  deleteAccount: chatAccountDeletion,
  services: [chatRoomService],
};
