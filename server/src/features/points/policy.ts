import { adminOnly } from "../../platform/authorize.ts";

/**
 * Who may do what with points (admin spec 6: an Admin grants points and excludes members from the
 * scoreboard). Pure: tested as a table. A member's own points are theirs to read (any signed-in
 * member, by the route's access).
 */
export const pointsPolicy = {
  readMemberPoints: adminOnly,
  grantPoints: adminOnly,
  setScoreboardExclusion: adminOnly,
} as const;

export type PointsAction = keyof typeof pointsPolicy;
