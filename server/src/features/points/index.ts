import type { Feature } from "../../platform/feature.ts";
import { pointsChat, roomTopService } from "./chat.ts";
import { monthResetJob } from "./month-reset.ts";
import { pointsRoutes } from "./routes.ts";
import { pointsLedger, pointsMembers } from "./schema.ts";

/**
 * Points: the ledger, earning from chat, a member's points, the admin's grants and scoreboard
 * exclusion. A deleted account's rows go with it (ON DELETE CASCADE).
 */
export const pointsFeature: Feature = {
  name: "points",
  routes: pointsRoutes,
  chat: pointsChat,
  jobs: [monthResetJob],
  services: [roomTopService],
  deleteAccount: { tables: [pointsLedger, pointsMembers] },
};
