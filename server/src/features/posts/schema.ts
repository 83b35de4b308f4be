import { type PostView, REPORT_REASONS } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

export const posts = pgTable(
  "posts",
  {
    id: text("id").primaryKey(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member whose profile page the post is on (the author, unless posted on another's page). */
    profileOwnerId: text("profile_owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    image: text("image"),
    /** 'post', or 'share' for a share of `originalPostId`. */
    type: text("type").notNull().default("post"),
    originalPostId: text("original_post_id").references((): AnyPgColumn => posts.id, {
      onDelete: "set null",
    }),
    shareCaption: text("share_caption"),
    /** The embeddable music link found in the text, kept when the text is written. */
    music: jsonb("music").$type<PostView["music"]>(),
    likeCount: integer("like_count").notNull().default(0),
    /** The first likers ({ user, date }, at most 20), kept with the post for hover lists. */
    firstLikes: jsonb("first_likes").$type<PostView["likes"]>().notNull().default([]),
    commentCount: integer("comment_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    /**
     * The viewer-independent fields of the post's view (`PostView` without likedByMe, reportedByMe,
     * comments and the shared original) as the inside of a JSON object, kept by the database's trigger
     * `posts_view_json` on every write of the post and of its author's name or picture (migration
     * 0009). Pages are then joined from these texts instead of being built field by field.
     */
    viewJson: text("view_json").notNull().default(""),
    /**
     * Copies of the profile owner's privacy and of whether the author is banned, kept by the same
     * trigger (migration 0010): the visibility rule then reads the post row alone, so a page needs no
     * join with users (the joins cost more than the rest of the page's query).
     */
    ownerPrivate: boolean("owner_private").notNull().default(false),
    authorBanned: boolean("author_banned").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    index("posts_created_idx").on(t.createdAt, t.id),
    index("posts_author_created_idx").on(t.authorId, t.createdAt, t.id),
    index("posts_profile_owner_created_idx").on(t.profileOwnerId, t.createdAt, t.id),
    index("posts_original_idx").on(t.originalPostId),
    // "Does a post show this image?" (the temporary-upload sweep).
    index("posts_image_idx").on(t.image).where(sql`${t.image} is not null`),
  ],
);

export const postLikes = pgTable(
  "post_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_likes_post_created_idx").on(t.postId, t.createdAt, t.userId),
    // A member's own likes (deleting an account; the page's likedByMe probes the primary key).
    index("post_likes_user_idx").on(t.userId),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    index("comments_post_created_idx").on(t.postId, t.createdAt, t.id),
    index("comments_author_idx").on(t.authorId),
  ],
);

export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("comment_likes_comment_created_idx").on(t.commentId, t.createdAt, t.userId),
    index("comment_likes_user_idx").on(t.userId),
  ],
);

/** One report per member per post (decisions); `posts.reportCount` counts distinct reporters. */
export const postReports = pgTable(
  "post_reports",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.reporterId] }),
    index("post_reports_reason_idx").on(t.reason),
    index("post_reports_reporter_idx").on(t.reporterId),
  ],
);
