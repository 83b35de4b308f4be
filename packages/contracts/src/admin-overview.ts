import { z } from "zod";

/**
 * Admin Tab 0, overview (admin spec 2, 7 and 9): the activity metrics and the traffic log. Paths are
 * ADMIN_API.traffic, ADMIN_API.activeUsersCount and ADMIN_API.metrics in admin.ts; the registration
 * switch's texts stay in ADMIN_TEXTS.
 */
export const ADMIN_OVERVIEW_LIMITS = {
  /** Admin spec 9: traffic table 8 per page. */
  trafficPageSize: 8,
  /** Issue 7: the traffic log keeps 30 days. */
  trafficRetentionDays: 30,
  /** The longest path kept in a traffic row (longer ones are cut). */
  trafficPathMax: 2048,
  /** The highest page the traffic call accepts (beyond the rows it answers an empty page). */
  trafficPageMax: 1_000_000,
} as const;

/** GET ADMIN_API.traffic?page: 1-based. */
export const trafficQuerySchema = z.object({
  page: z.coerce
    .number({ error: "Page must be a number" })
    .int({ error: "Page must be a whole number" })
    .min(1, { error: "Page must be at least 1" })
    .max(ADMIN_OVERVIEW_LIMITS.trafficPageMax, { error: "Page is too large" })
    .default(1),
});
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

/** One request the server answered; `path` never holds the query string. */
export const trafficRowSchema = z.object({
  /** The row's own number (a stable key). */
  id: z.number(),
  ip: z.string(),
  path: z.string(),
  method: z.string(),
  /** ISO 8601: when the server answered the request. */
  timestamp: z.string(),
});
export type TrafficRow = z.infer<typeof trafficRowSchema>;

/** GET ADMIN_API.traffic: newest first. */
export const trafficAnswerSchema = z.object({
  traffic: z.array(trafficRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TrafficAnswer = z.infer<typeof trafficAnswerSchema>;

/** GET ADMIN_API.activeUsersCount: members online now (heartbeat within the presence window). */
export const activeUsersAnswerSchema = z.object({ activeUsers: z.number() });
export type ActiveUsersAnswer = z.infer<typeof activeUsersAnswerSchema>;

/** GET ADMIN_API.metrics. */
export const adminMetricsSchema = z.object({
  activeUsers: z.number(),
  /** The station's current listeners; 0 while it is off. */
  listenersNow: z.number(),
  chatMessages24h: z.number(),
  totalPosts: z.number(),
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;

export const ADMIN_OVERVIEW_TEXTS = {
  metricsTitle: "Activity",
  activeUsers: "Active users",
  listenersNow: "Listeners now",
  chatMessages24h: "Chat messages (24 h)",
  totalPosts: "Total posts",
  metricsFailed: "Failed to load the metrics",
  trafficTitle: "Traffic log",
  trafficNote:
    "Every request the server answered in the last 30 days, newest first. Query strings are never stored.",
  colIp: "IP",
  colPath: "Path",
  colMethod: "Method",
  colTime: "Time",
  noTraffic: "No requests recorded yet.",
  trafficFailed: "Failed to load the traffic log",
  refresh: "Refresh",
} as const;
