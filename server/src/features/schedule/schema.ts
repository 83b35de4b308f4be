import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * Bookings of the weekly schedule: `day` 0 = Monday … 6 = Sunday, `hour` 0-23, in the station's
 * time zone. One booking per slot (unique index). A non-permanent booking belongs to the week
 * starting `weekStart` (the Monday, station date) and is gone from the next week on; a permanent
 * one repeats every week until cancelled.
 */
export const scheduleBookings = pgTable(
  "schedule_bookings",
  {
    id: text("id").primaryKey(),
    day: integer("day").notNull(),
    hour: integer("hour").notNull(),
    djId: text("dj_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    genre: text("genre").notNull().default(""),
    perm: boolean("perm").notNull().default(false),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    bookedBy: text("booked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("schedule_bookings_slot_idx").on(t.day, t.hour),
    index("schedule_bookings_dj_idx").on(t.djId),
  ],
);
