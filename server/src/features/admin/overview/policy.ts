import { adminOnly } from "../../../platform/authorize.ts";

/** What the overview tab lets each actor do. Pure: tested as a table. */
export const overviewPolicy = {
  /** Metrics, active users and the traffic log: Admin only. */
  view: adminOnly,
} as const;
