import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * DJ votes (decisions "Points, votes and games"): one row per vote. A member's votes of a station
 * month take the slots 1 and 2 (`DJ_VOTE_LIMITS.votesPerMonth`), and the unique (voter, month, slot)
 * lets no race give anyone a third: two votes sent at once try the same slot and one moves on to
 * the next or finds none left.
 */
export const djVotes = pgTable(
  "dj_votes",
  {
    id: text("id").primaryKey(),
    voterId: text("voter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    djId: text("dj_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The station month of the vote, `YYYY-MM` (`pointsPeriod(...).month`). */
    month: text("month").notNull(),
    /** Which of the voter's votes of the month this is: 1 or 2. */
    slot: integer("slot").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("dj_votes_voter_month_slot_key").on(t.voterId, t.month, t.slot),
    index("dj_votes_month_dj_idx").on(t.month, t.djId),
    check("dj_votes_slot_check", sql`${t.slot} >= 1`),
    check("dj_votes_not_self_check", sql`${t.voterId} <> ${t.djId}`),
  ],
);
