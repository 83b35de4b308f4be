import type { Feature } from "../../platform/feature.ts";
import { trackIdHandlers } from "./chat.ts";
import { radioAccountDeletion } from "./delete-account.ts";
import { manifestRoutes } from "./manifest.ts";
import { radioRoutes } from "./routes.ts";
import { radioService } from "./service.ts";

/** The station: player, now playing, live DJ, and the installable app's manifest (its name). */
export const radioFeature: Feature = {
  name: "radio",
  routes: (app, ctx) => {
    radioRoutes(app, ctx);
    manifestRoutes(app, ctx);
  },
  chat: trackIdHandlers,
  deleteAccount: radioAccountDeletion,
  services: [radioService],
};
