import { NOTIFICATION_TYPES } from "@airwave/contracts";
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    fromId: text("from_id").references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id"),
    meta: jsonb("meta").$type<Record<string, string>>(),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * Notifications made once per actor per target per station day (likes, follows): a row says one was
 * made today, so a like/unlike or follow/unfollow cycle notifies once. An actor's rows of earlier
 * days are dropped at their next such notification; rows go with either account.
 */
export const notificationOnce = pgTable(
  "notification_once",
  {
    fromId: text("from_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    /** What was acted on: a post's or comment's id; empty for a follow (the member is the target). */
    target: text("target").notNull(),
    /** The station's calendar date (STATION_TIMEZONE). */
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromId, t.userId, t.type, t.target, t.day] })],
);
