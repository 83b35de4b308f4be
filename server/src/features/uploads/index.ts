import type { Feature } from "../../platform/feature.ts";
import { uploadsAccountDeletion } from "./delete-account.ts";
import { uploadsRoutes } from "./routes.ts";
import { tempUploadSweepJob } from "./temp-sweep.ts";

/** Profile and cover pictures, post and chat images. */
export const uploadsFeature: Feature = {
  name: "uploads",
  routes: uploadsRoutes,
  deleteAccount: uploadsAccountDeletion,
  jobs: [tempUploadSweepJob],
};
