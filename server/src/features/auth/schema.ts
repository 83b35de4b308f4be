import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** IP bans. With `userId` the IP was banned together with an account (reason banned_ip), else blacklist. */
export const ipBans = pgTable("ip_bans", {
  ip: text("ip").primaryKey(),
  reason: text("reason").notNull(),
  bannedAt: timestamp("banned_at", { withTimezone: true }).notNull().defaultNow(),
  bannedBy: text("banned_by").references(() => users.id, { onDelete: "set null" }),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
});

/** One-hour, single-use password reset keys; only a hash of the key is stored. */
export const passwordResets = pgTable(
  "password_resets",
  {
    keyHash: text("key_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  // The hourly limit counts an account's keys that have not expired.
  (t) => [index("password_resets_user_expires_idx").on(t.userId, t.expiresAt)],
);
