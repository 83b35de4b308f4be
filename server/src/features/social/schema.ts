import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Accepted follows: follower → followed. */
export const follows = pgTable(
  "follows",
  {
    followerId: userRef("follower_id"),
    followedId: userRef("followed_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index("follows_followed_idx").on(t.followedId),
  ],
);

/** Pending requests to follow a private profile: requester → target. */
export const followRequests = pgTable(
  "follow_requests",
  {
    requesterId: userRef("requester_id"),
    targetId: userRef("target_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.targetId] }),
    index("follow_requests_target_idx").on(t.targetId),
  ],
);

/** Blocks: blocker → blocked. Either direction hides the two members from each other. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: userRef("blocker_id"),
    blockedId: userRef("blocked_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
  ],
);
