import type { Feature } from "../../platform/feature.ts";
import { adminIpBansRoutes } from "./ip-bans/routes.ts";
import { adminOverviewRoutes } from "./overview/routes.ts";
import { trafficLogService, trafficPurgeJob } from "./overview/traffic-log.ts";
import { adminPostsRoutes } from "./posts/routes.ts";
import { adminRoutes } from "./routes.ts";
import { adminDeleteAccountRoutes } from "./users/delete-routes.ts";
import { adminUsersRoutes } from "./users/routes.ts";

/** Traffic, registration switch, dashboard views, members' accounts, IP bans. */
export const adminFeature: Feature = {
  name: "admin",
  routes(app, ctx) {
    adminRoutes(app, ctx);
    adminOverviewRoutes(app, ctx);
    adminUsersRoutes(app, ctx);
    adminDeleteAccountRoutes(app, ctx);
    adminPostsRoutes(app, ctx);
    adminIpBansRoutes(app, ctx);
  },
  jobs: [trafficPurgeJob],
  services: [trafficLogService],
};
