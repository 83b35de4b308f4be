import { DEFAULT_PROFILE_IMAGE } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull().default("user"),
    isDj: boolean("is_dj").notNull().default(false),
    profileimage: text("profileimage").notNull().default(DEFAULT_PROFILE_IMAGE),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginIp: text("last_login_ip"),
    /** When the last successful sign-in happened (shown beside related accounts in a ban's confirmation). */
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    loginIps: text("login_ips").array().notNull().default(sql`'{}'::text[]`),
    banReason: text("ban_reason"),
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    banExpiresAt: timestamp("ban_expires_at", { withTimezone: true }),
    bannedBy: text("banned_by"),
    /** The role held when the ban began, given back by the unban (admin spec: an unban reverses it). */
    roleBeforeBan: text("role_before_ban"),
    /**
     * A related account's ban: the id of the account whose ban it came with (no foreign key: the
     * record stays true if that account is deleted). Null for a ban of its own. The member is told
     * they were banned with another account, never that account's reason.
     */
    bannedWith: text("banned_with"),
    coverphoto: text("coverphoto"),
    bio: text("bio").notNull().default(""),
    age: integer("age"),
    location: text("location").notNull().default(""),
    sex: text("sex").notNull().default(""),
    /** Comma-separated, shown as chips (spec: User.interests). */
    interests: text("interests").notNull().default(""),
    facebook: text("facebook").notNull().default(""),
    twitter: text("twitter").notNull().default(""),
    instagram: text("instagram").notNull().default(""),
    customLinks: text("custom_links").array().notNull().default(sql`'{}'::text[]`),
    nameTagStyling: jsonb("name_tag_styling").$type<Record<string, unknown>>(),
    isPrivate: boolean("is_private").notNull().default(false),
    /** Last heartbeat: "online" means within the presence window. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_login_ips_idx").using("gin", t.loginIps),
    index("users_last_seen_idx").on(t.lastSeenAt),
    index("users_created_idx").on(t.createdAt),
    // The ban-lift job's minute look (auth/jobs.ts): only the timed bans.
    index("users_ban_expires_idx").on(t.banExpiresAt).where(sql`${t.banExpiresAt} is not null`),
    // An unban's "banned together with it" look.
    index("users_banned_with_idx").on(t.bannedWith).where(sql`${t.bannedWith} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
