import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/**
 * Private conversations (one-to-one and groups). The last message is kept on the row so the
 * conversation list is one indexed read; `participantKey` (sorted participant ids joined by ',')
 * makes "start a conversation" return the existing one even under concurrent requests.
 */
export const conversations = pgTable("conversations", {
  id: text("id").primaryKey(),
  participantKey: text("participant_key").notNull().unique(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  lastMessageId: text("last_message_id"),
  lastMessageBody: text("last_message_body"),
  lastMessageSenderId: text("last_message_sender_id"),
  lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
});

/** One row per member of a conversation: their unread count, read mark and archive flag. */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /** Set when this member archived the conversation; cleared when a new message arrives. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index("conversation_participants_conversation_idx").on(t.conversationId),
  ],
);

export const privateMessages = pgTable(
  "private_messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("private_messages_conversation_created_idx").on(t.conversationId, t.createdAt, t.id),
  ],
);
