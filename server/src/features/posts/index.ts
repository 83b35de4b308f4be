import type { Feature } from "../../platform/feature.ts";
import { postsAccountDeletion } from "./delete-account.ts";
import { postsRoutes } from "./routes.ts";

/** Posts, comments, likes, shares, reports. */
export const postsFeature: Feature = {
  name: "posts",
  routes: postsRoutes,
  deleteAccount: postsAccountDeletion,
};
