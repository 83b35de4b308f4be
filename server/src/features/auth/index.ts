import type { Feature } from "../../platform/feature.ts";
import { sessions } from "../../platform/sessions/schema.ts";
import { liftExpiredBansJob } from "./jobs.ts";
import { authRoutes } from "./routes.ts";
import { ipBans, passwordResets } from "./schema.ts";

/** Sign-up, sign-in, sessions, password reset, bans. */
export const authFeature: Feature = {
  name: "auth",
  routes: authRoutes,
  // Sessions, reset keys go with the row; IP bans they gave or that were tied to them lose the link.
  deleteAccount: { tables: [sessions, passwordResets, ipBans] },
  jobs: [liftExpiredBansJob],
};
