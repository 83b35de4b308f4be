import type { Feature } from "../../platform/feature.ts";
import { trackIdHandlers } from "./chat.ts";
import { radioAccountDeletion } from "./delete-account.ts";
import { radioRoutes } from "./routes.ts";
import { radioService } from "./service.ts";

/** The station: player, now playing, live DJ. */
export const radioFeature: Feature = {
  name: "radio",
  routes: radioRoutes,
  chat: trackIdHandlers,
  deleteAccount: radioAccountDeletion,
  services: [radioService],
};
