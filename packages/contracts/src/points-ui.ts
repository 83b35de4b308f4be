import { ADMIN_DELTA_MAX_TEXT } from "./points.ts";

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
  deltaHelp: `A negative number removes points (at most ${ADMIN_DELTA_MAX_TEXT} at once)`,
  apply: "Apply",
  excludedNote: "Left out of the scoreboard; the points still count.",
  // The member's own points in the chat room
  myPoints: (points: number) =>
    `${points.toLocaleString("en-GB")} ${Math.abs(points) === 1 ? "point" : "points"}`,
  /** On a phone the chip is short, but still says what the number is (issue 29: a bare number). */
  myPointsShort: (points: number) => `${points.toLocaleString("en-GB")} pts`,
  myPointsLabel: (points: number) => `Your points this month: ${points.toLocaleString("en-GB")}`,
} as const;

/**
 * The chat room's points screens (chat spec 2, 8, 9; decisions "Freeze"): the leaderboard dialog
 * and the month-end countdown with its Top DJ of the Month banner. The spec's empty search text and
 * the freeze's closed search are SCOREBOARD_MESSAGES (points-scoreboard.ts).
 */
export const LEADERBOARD_TEXTS = {
  open: "Leaderboard",
  title: "Leaderboard",
  close: "Close",
  loading: "Loading the leaderboard…",
  loadFailed: "Could not load the leaderboard.",
  empty: "No scores yet this month.",
  searchLabel: "Search members",
  searchPlaceholder: "Username",
  clearSearch: "Clear search",
  top: "Top of the month",
  rank: (rank: number) => `#${rank}`,
  score: (score: number) => `${score.toLocaleString("en-GB")} pts`,
  scoreLabel: (score: number) => `${score.toLocaleString("en-GB")} points`,
  /** The member's own view when an admin left them out of the scoreboard (issue 29). */
  excludedTitle: "You are not on the scoreboard",
  excludedText:
    "An admin has left your account out of the scoreboard. You still earn and keep points; they are not ranked here.",
} as const;

/** The freeze chip's two lines (the chip reads them as `untilNewMonth`). */
export const MONTH_END_PARTS = {
  frozen: "Points frozen",
  newMonthIn: (left: string) => `new month in ${left}`,
} as const;

/** Chat spec 2, 9 (Month end): the countdowns (station time) and the Top DJ of the Month banner. */
export const MONTH_END_TEXTS = {
  /** Before the 25th: to the freeze. */
  untilFreeze: (left: string) => `Voting closes in ${left}`,
  /**
   * From the 25th to the 1st: the freeze said on the chip itself, then the time to the new month
   * (issue 29: "New month in 3d 15h" alone left the freeze to a tooltip).
   */
  untilNewMonth: (left: string) =>
    `${MONTH_END_PARTS.frozen} · ${MONTH_END_PARTS.newMonthIn(left)}`,
  untilFreezeLabel: (left: string) =>
    `DJ voting and scoreboard search close on the 25th, in ${left} (station time)`,
  untilNewMonthLabel: (left: string) =>
    `Points are frozen: chat messages earn none and the games are closed. Scores and DJ votes reset on the 1st, in ${left} (station time)`,
  /** What is closed in the freeze, on each arcade game and on the roulette table. */
  closedMark: "Closed until the 1st",
  /** The freeze banner's line on chat messages (they earn nothing until the 1st). */
  frozenNote: "Chat messages earn no points until the 1st.",
  topDjTitle: "Top DJ of the Month",
  /** The banner in the freeze while no DJ has a vote this month. */
  noVotes: "No votes this month",
  topDjVotes: (votes: number) =>
    votes === 1 ? "1 vote" : `${votes.toLocaleString("en-GB")} votes`,
  /** A duration left: days and hours, or hours and minutes, or minutes (never negative). */
  left: (ms: number) => {
    const minutes = Math.max(0, Math.ceil(ms / 60_000));
    const d = Math.floor(minutes / 1_440);
    const h = Math.floor((minutes % 1_440) / 60);
    const m = minutes % 60;
    if (d > 0) return `${d}d ${h}h`;
    if (h > 0) return `${h}h ${m}m`;
    return `${m}m`;
  },
} as const;
