import { TICKET_PRIORITIES, TICKET_STATUSES } from "@airwave/contracts";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema.ts";

/** Support tickets (spec: Ticket). priority Minor | Moderate | Major; status Open | Closed. */
export const tickets = pgTable(
  "tickets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("Minor"),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("Open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("tickets_user_created_idx").on(t.userId, t.createdAt),
    index("tickets_created_idx").on(t.createdAt),
  ],
);

/** A ticket's conversation. `sender` is the label shown: the member's username, or 'Admin {username}'. */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    sender: text("sender").notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_messages_ticket_created_idx").on(t.ticketId, t.createdAt)],
);
