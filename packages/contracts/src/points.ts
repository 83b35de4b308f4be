import { z } from "zod";
import { ADMIN_TEXTS } from "./admin.ts";
import { AUTH_MESSAGES } from "./auth.ts";
import { stationInstant, stationMonth } from "./station-time.ts";

/**
 * Points (decisions "Points, votes and games"; chat spec 1, 5, 9; community spec 7; admin spec Tab
 * 1): a ledger of changes, a member's points being the sum of this station month's rows. Earning
 * from chat, the month-end freeze and the admin's grants and removals are declared here once.
 */

export const POINTS_LIMITS = {
  /** Decisions: +1 for a chat message. */
  earnPerMessage: 1,
  /** Decisions: at most one rewarded message per 15 s. */
  earnSpacingMs: 15_000,
  /** Decisions: at most 100 points a day from chat (a station day). */
  earnPerDayMax: 100,
  /** Decisions, chat spec 9: the freeze starts on the 25th at 00:00, station time. */
  freezeStartDay: 25,
  /** The largest grant or removal an admin makes at once (an int column never overflows). */
  adminDeltaMax: 1_000_000,
} as const;

/**
 * `adminDeltaMax` as en-GB writes it ("1,000,000"), spelled out: a locale's first use (Intl) costs a
 * slow phone tens of milliseconds, and these texts are built as the module loads on every page.
 */
export const ADMIN_DELTA_MAX_TEXT = String(POINTS_LIMITS.adminDeltaMax).replace(
  /\B(?=(\d{3})+$)/g,
  ",",
);

/** Why a ledger row exists (its `reason` column). */
export const POINTS_REASONS = {
  chat: "chat",
  admin: "admin",
} as const;
export type PointsReason = (typeof POINTS_REASONS)[keyof typeof POINTS_REASONS];

/** Every text of the slice: the admin spec's exact wording first. */
export const POINTS_MESSAGES = {
  // Admin spec 5 and 8
  nonZeroInteger: "Enter a non-zero integer",
  pointsUpdated: "Points updated",
  /** A removal larger than the member's points takes them to 0 and says how many went. */
  pointsRemovedPartly: (removed: number) =>
    `Points updated: only ${removed} removed, the member had no more.`,
  pointsFailed: "Failed to update points",
  scoreboardFailed: "Failed to update scoreboard setting",
  scoreboardUpdated: ADMIN_TEXTS.settingUpdated,
  // This project's additions (the spec leaves these unnamed)
  deltaTooLarge: `Enter a number between -${ADMIN_DELTA_MAX_TEXT} and ${ADMIN_DELTA_MAX_TEXT}`,
  excludeRequired: "Say whether the member is excluded from the scoreboard",
  userNotFound: AUTH_MESSAGES.userNotFound,
} as const;

/** The points month an instant falls in, and its freeze window (decisions: 25th 00:00 to the 1st). */
export interface PointsPeriod {
  /** The station month, `YYYY-MM`: balances are the sum of its rows. */
  month: string;
  /** Station midnight on the 1st: balances start from 0 here. */
  start: Date;
  /** Station midnight on the 25th: earning, wagers, DJ votes and scoreboard search stop here. */
  freezeStart: Date;
  /** Station midnight on the next month's 1st (exclusive): the next period's `start`. */
  end: Date;
  /** Whether `now` is inside the freeze (freezeStart <= now < end). */
  frozen: boolean;
}

/** The last period worked out for each time zone (a month's periods are asked for many times a second). */
const lastPeriods = new Map<string, PointsPeriod>();

/**
 * The one function for the points month and its freeze, used by server and web: which station month
 * `now` falls in, where it starts and ends, and whether its points are frozen. Daylight saving
 * included (station-time.ts). The answer for an instant in the same part of the same month as the
 * last one asked (before the freeze, or in it) is that one again: the station-time arithmetic runs
 * once per part of a month, not once per call.
 */
export function pointsPeriod(now: Date, timeZone: string): PointsPeriod {
  const at = now.getTime();
  const last = lastPeriods.get(timeZone);
  if (last) {
    const [from, to] = last.frozen
      ? [last.freezeStart.getTime(), last.end.getTime()]
      : [last.start.getTime(), last.freezeStart.getTime()];
    if (at >= from && at < to) return last;
  }
  const month = stationMonth(now, timeZone);
  const freezeStart = stationInstant(
    `${month.key}-${String(POINTS_LIMITS.freezeStartDay).padStart(2, "0")}`,
    0,
    timeZone,
  );
  const period: PointsPeriod = {
    month: month.key,
    start: month.start,
    freezeStart,
    end: month.end,
    frozen: at >= freezeStart.getTime(),
  };
  lastPeriods.set(timeZone, period);
  return period;
}

/**
 * GET /me/points (community spec 7: data.points). `excludedFromScoreboard` is there (true) only when
 * an admin left the member out of the scoreboard: their leaderboard says so (issue 29).
 */
export const myPointsAnswerSchema = z.object({
  points: z.number().int(),
  excludedFromScoreboard: z.literal(true).optional(),
});
export type MyPointsAnswer = z.infer<typeof myPointsAnswerSchema>;

/** The admin's grant or removal (admin spec 5: a non-zero integer). */
export const adminPointsGrantSchema = z.object({
  delta: z
    .number(POINTS_MESSAGES.nonZeroInteger)
    .int(POINTS_MESSAGES.nonZeroInteger)
    .refine((n) => n !== 0, POINTS_MESSAGES.nonZeroInteger)
    .refine((n) => Math.abs(n) <= POINTS_LIMITS.adminDeltaMax, POINTS_MESSAGES.deltaTooLarge),
});
export type AdminPointsGrant = z.input<typeof adminPointsGrantSchema>;

/** The admin's scoreboard exclusion (admin spec 3: excludeFromScoreboard). */
export const adminScoreboardExclusionSchema = z.object({
  excludeFromScoreboard: z.boolean(POINTS_MESSAGES.excludeRequired),
});

/** A member's points as the admin's user dialog reads them. */
export const adminUserPointsSchema = z.object({
  userId: z.string(),
  points: z.number().int(),
  excludeFromScoreboard: z.boolean(),
});
export type AdminUserPoints = z.infer<typeof adminUserPointsSchema>;

/** The answer to a grant or an exclusion change: the success text and the member's points after. */
export const adminPointsAnswerSchema = adminUserPointsSchema.extend({ message: z.string() });
export type AdminPointsAnswer = z.infer<typeof adminPointsAnswerSchema>;

/** The paths (the admin's beside the dashboard's other per-user calls). */
export const POINTS_API = {
  myPoints: "/api/auth/me/points",
  adminUserPoints: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/points`,
  adminUserScoreboard: (id: string) => `/api/auth/admin/users/${encodeURIComponent(id)}/scoreboard`,
} as const;
