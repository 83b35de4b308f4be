import type { Feature } from "../../platform/feature.ts";
import { chatRoomHandlers } from "./chat.ts";
import { chatAccountDeletion } from "./delete-account.ts";
import { chatRoutes } from "./routes.ts";
import { upNextJob } from "./up-next.ts";

/** The chat room: messages, likes, announcements, the up-next banner, moderation and theme settings. */
export const chatFeature: Feature = {
  name: "chat",
  routes: (app, ctx) => chatRoutes(app, ctx),
  chat: chatRoomHandlers,
  deleteAccount: chatAccountDeletion,
  jobs: [upNextJob],
};
