import { POINTS_LIMITS } from "./points.ts";

/**
 * The screen texts of points on the web: the admin user dialog's points controls (admin spec 2,
 * Tab 1) and the member's own points in the chat room (chat spec 1; community spec 7). The spec's
 * messages (toasts, validation) are POINTS_MESSAGES in points.ts; these are the labels around them.
 */
export const POINTS_UI_TEXTS = {
  // Admin user dialog
  currentPoints: "Points this month",
  pointsLoading: "Loading points…",
  pointsLoadFailed: "Could not load this member's points",
  deltaLabel: "Points to add or remove",
  deltaHelp: `A negative number removes points (at most ${POINTS_LIMITS.adminDeltaMax.toLocaleString("en-GB")} at once)`,
  apply: "Apply",
  excludedNote: "Left out of the scoreboard; the points still count.",
  // The member's own points in the chat room
  myPoints: (points: number) => `${points.toLocaleString("en-GB")} points`,
  myPointsLabel: (points: number) => `Your points this month: ${points.toLocaleString("en-GB")}`,
} as const;
