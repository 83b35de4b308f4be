import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Abuse-limit counters (platform/rate-limit), shared by every app instance: one row per limit and
 * client (`registrations:203.0.113.7`, `posts:<member id>`) holding the calls counted in the current
 * window and when it ends. The columns are the ones rate-limiter-flexible's RateLimiterDrizzle reads
 * and writes (`key`, `points`, `expire`); rows whose window ended are purged hourly.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
