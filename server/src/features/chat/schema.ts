import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * Chat room messages (chat spec 3: Chat message). `clientId` is the sender's random integer `id`
 * (up to 1,000,000) the clients de-duplicate by; `usernameStyle`, `replyTo` and `trackData` are
 * kept as sent after validation. Messages are cleaned before they are stored.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    clientId: integer("client_id").notNull(),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    profileimage: text("profileimage").notNull(),
    type: text("type").notNull().default("message"),
    message: text("message").notNull(),
    usernameStyle: jsonb("username_style"),
    /** The sender's text format (bold, italic, underline) from their format preferences. */
    format: jsonb("format"),
    replyTo: jsonb("reply_to"),
    trackData: jsonb("track_data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_created_idx").on(t.createdAt, t.id),
    // "Does a chat message show this image?" (the temporary-upload sweep).
    index("chat_messages_image_idx").on(t.message).where(sql`${t.type} = 'image'`),
  ],
);

/** One like per member per chat message. */
export const chatLikes = pgTable(
  "chat_likes",
  {
    messageId: text("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
