import type { Feature } from "../../platform/feature.ts";
import { ticketsAccountDeletion } from "./delete-account.ts";
import { ticketsRoutes } from "./routes.ts";

/** Support tickets. */
export const ticketsFeature: Feature = {
  name: "tickets",
  routes: ticketsRoutes,
  deleteAccount: ticketsAccountDeletion,
};
