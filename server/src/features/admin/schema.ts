import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The traffic log (admin spec Tab 0): one row per request the server answered, kept 30 days.
 * `path` never holds the query string (it may carry secrets such as reset keys or tokens).
 */
export const trafficLog = pgTable(
  "traffic_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    path: text("path").notNull(),
    method: text("method").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("traffic_log_at_idx").on(t.at)],
);
