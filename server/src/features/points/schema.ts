import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * The points ledger (decisions "Points, votes and games"): one row per change, never updated. A
 * member's points are the sum of the rows of the current station month (`pointsPeriod`); earlier
 * months stay as history.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    /** POINTS_REASONS: chat, admin (games add theirs). */
    reason: text("reason").notNull(),
    /** What the change is about: the chat message's id, the granting admin's id… */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("points_ledger_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * One row per member who ever had points business: the row every change of their points locks
 * (their moves are serialised on it), the chat earning's spacing and daily count (decided in one
 * conditional upsert), and their scoreboard exclusion.
 */
export const pointsMembers = pgTable("points_members", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** When their last rewarded chat message was (the 15 s spacing). */
  lastEarnedAt: timestamp("last_earned_at", { withTimezone: true }),
  /** The station day `earnedToday` counts (the 100 a day). */
  earnedDay: date("earned_day", { mode: "string" }),
  earnedToday: integer("earned_today").notNull().default(0),
  excludeFromScoreboard: boolean("exclude_from_scoreboard").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
