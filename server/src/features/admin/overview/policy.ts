import { isAdminRole } from "@airwave/contracts";

type Actor = { role: string } | null;

/** What the overview tab lets each actor do. Pure: tested as a table. */
export const overviewPolicy = {
  /** Metrics, active users and the traffic log: Admin only. */
  view: (actor: Actor) => !!actor && isAdminRole(actor.role),
} as const;
