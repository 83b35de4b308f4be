import type { Feature } from "../../platform/feature.ts";
import { scheduleAccountDeletion } from "./delete-account.ts";
import { scheduleRoutes } from "./routes.ts";
import { weekResetJob } from "./week-reset.ts";

/** The DJ schedule and its bookings. */
export const scheduleFeature: Feature = {
  name: "schedule",
  routes: scheduleRoutes,
  deleteAccount: scheduleAccountDeletion,
  jobs: [weekResetJob],
};
