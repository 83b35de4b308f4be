import type { Feature } from "../../platform/feature.ts";
import { rotateRadioPasswords } from "./credentials.ts";
import { djRoutes } from "./routes.ts";
import { djApplications, djCredentials } from "./schema.ts";

/** DJ applications, votes and streaming credentials. */
export const djFeature: Feature = {
  name: "dj",
  routes: djRoutes,
  // Their application and streaming credentials go with the row; decisions they made lose the link.
  deleteAccount: { tables: [djApplications, djCredentials] },
  // A ban rotates the banned members' radio passwords.
  onAccountsBanned: rotateRadioPasswords,
};
