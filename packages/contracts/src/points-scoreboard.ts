import { z } from "zod";

/**
 * The monthly scoreboard (decisions "Points, votes and games"; chat spec 1, 5, 7, 8, 9; admin spec
 * "Scoreboard"): the top member plus the next 49 of this station month, members marked
 * `excludeFromScoreboard` left out, search by username closed during the freeze, and the events
 * the month boundary pushes to the chat room (`scoreboard-reset`, `djvotes-reset`).
 */

export const SCOREBOARD_LIMITS = {
  /** Chat spec 9: the top user plus the next 49. */
  size: 50,
  /** The longest username search (usernames are shorter). */
  searchMax: 50,
} as const;

export const SCOREBOARD_MESSAGES = {
  /** Chat spec 8, the leaderboard dialog's empty search. */
  noMatch: "No members match your search.",
  /**
   * Decisions: the scoreboard search is closed in the freeze; worded as the spec's other
   * month-end closures ("Coin flip is closed until the 1st of next month.").
   */
  searchClosed: "Scoreboard search is closed until the 1st of next month.",
  searchTooLong: `Search can be at most ${SCOREBOARD_LIMITS.searchMax} characters`,
} as const;

/** GET /scoreboard's query: an optional username search (empty: the whole scoreboard). */
export const scoreboardQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SCOREBOARD_LIMITS.searchMax, SCOREBOARD_MESSAGES.searchTooLong)
    .optional(),
});
export type ScoreboardQuery = z.input<typeof scoreboardQuerySchema>;

/** Chat spec 5: a scoreboard entry (_id, username, profileimage, score), with its place (1 = top). */
export const scoreboardEntrySchema = z.object({
  _id: z.string(),
  username: z.string(),
  profileimage: z.string(),
  score: z.number().int(),
  rank: z.number().int().positive(),
});
export type ScoreboardEntry = z.infer<typeof scoreboardEntrySchema>;

/** Chat spec 7: "scoreboard: array of scores" (best first; ties: who got there first). */
export const scoreboardAnswerSchema = z.array(scoreboardEntrySchema);
export type ScoreboardAnswer = z.infer<typeof scoreboardAnswerSchema>;

export const SCOREBOARD_API = {
  scoreboard: "/api/auth/scoreboard",
} as const;

/** The chat room's month-boundary events (chat spec 7: `scoreboard-reset`, `djvotes-reset`). */
export const SCOREBOARD_SERVER_EVENTS = {
  scoreboardReset: "scoreboard-reset",
  djVotesReset: "djvotes-reset",
} as const;

/** The payload of both resets: the station month that starts now (`YYYY-MM`) and its start. */
export interface MonthResetEvent {
  month: string;
  at: string;
}

/**
 * A member's own points changed (an admin's grant or removal, a chat reward, a wager): sent to that
 * member's chat connections only, so the points in their header follow without asking. This
 * project's event (the spec names none for it); the other members' lists carry the new points to
 * whoever joins next.
 */
export const POINTS_SERVER_EVENTS = { changed: "points-changed" } as const;

export interface PointsChangedEvent {
  points: number;
}

declare module "./chat-events.ts" {
  interface ChatServerEventPayloads {
    "scoreboard-reset": MonthResetEvent;
    "djvotes-reset": MonthResetEvent;
    "points-changed": PointsChangedEvent;
  }
}
