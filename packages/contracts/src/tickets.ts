import { z } from "zod";

/** Support tickets (community spec 2, 3, 4, 5, 7, 8, 9; admin spec 2 tab 5, 3, 4, 5, 6, 8, 9). */
export const TICKET_PRIORITIES = ["Minor", "Moderate", "Major"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = "Minor";

export const TICKET_STATUSES = ["Open", "Closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  messageMax: 5000,
  /** The reply box grows to this many rows: 6 for members, 4 in the admin dashboard. */
  replyRowsUser: 6,
  replyRowsAdmin: 4,
  /** 'Failed to send message' stays 4 s. */
  sendFailedToastMs: 4000,
} as const;

/** The prefix of an admin's sender label: 'Admin {username}'. */
export const TICKET_ADMIN_LABEL_PREFIX = "Admin";
export const ticketAdminLabel = (username: string) => `${TICKET_ADMIN_LABEL_PREFIX} ${username}`;

export const TICKET_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title can be at most ${TICKET_LIMITS.titleMax} characters.`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description can be at most ${TICKET_LIMITS.descriptionMax} characters.`,
  invalidPriority: `Priority must be ${TICKET_PRIORITIES.join(", ")}.`,
  replyEmpty: "Reply cannot be empty",
  replyTooLong: `A reply can be at most ${TICKET_LIMITS.messageMax} characters.`,
  ticketRequired: "Ticket not found",
  notFound: "Ticket not found",
  closedNoReplies: "This ticket is closed and cannot be replied to.",
  closedNotice: "This ticket is closed.",
  created: "Ticket created",
  closed: "Ticket Closed",
  noTickets: "No tickets",
  noMatches: "No tickets match your search",
  noMessages: "No messages yet",
  sendFailed: "Failed to send message",
  createFailed: "An error occurred. Please try again later.",
  loadFailed: "Could not load tickets.",
  closeFailed: "Could not close the ticket. Please try again.",
  confirmCloseTitle: "Close this ticket?",
  confirmCloseText: "A closed ticket cannot be replied to or opened again.",
  today: "Today",
  yesterday: "Yesterday",
} as const;

/** The bell's text for a reply on one's ticket (notification type `ticket`, `meta.text`). */
export const ticketReplyText = (sender: string, title: string) =>
  `${sender} replied to your ticket "${title}"`;

const title = z
  .string({ error: TICKET_MESSAGES.titleRequired })
  .trim()
  .min(1, TICKET_MESSAGES.titleRequired)
  .max(TICKET_LIMITS.titleMax, TICKET_MESSAGES.titleTooLong);
const description = z
  .string({ error: TICKET_MESSAGES.descriptionRequired })
  .trim()
  .min(1, TICKET_MESSAGES.descriptionRequired)
  .max(TICKET_LIMITS.descriptionMax, TICKET_MESSAGES.descriptionTooLong);
const priority = z.enum(TICKET_PRIORITIES, { error: TICKET_MESSAGES.invalidPriority });

/** The create dialog's fields (priority defaults to Minor). */
export const ticketFormSchema = z.object({
  title,
  description,
  priority: priority.default(DEFAULT_TICKET_PRIORITY),
});
export type TicketForm = z.output<typeof ticketFormSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * POST /createTicket: `{ title, description, priority? }` or the same fields inside `ticketData`
 * (both shapes of community spec 7).
 */
export const createTicketSchema = z.preprocess(
  (body) => (isRecord(body) && isRecord(body.ticketData) ? body.ticketData : body),
  ticketFormSchema,
);

const ticketId = z
  .string({ error: TICKET_MESSAGES.ticketRequired })
  .trim()
  .min(1, TICKET_MESSAGES.ticketRequired)
  .max(100, TICKET_MESSAGES.notFound);

/** POST /closeTicket */
export const closeTicketSchema = z.object({ ticketId });
/** The `:id` of POST /tickets/{id}/messages */
export const ticketParamsSchema = z.object({ id: ticketId });

/** The reply box; the server's body schema (a `sender` field is accepted and ignored). */
export const ticketReplySchema = z.object({
  content: z
    .string({ error: TICKET_MESSAGES.replyEmpty })
    .trim()
    .min(1, TICKET_MESSAGES.replyEmpty)
    .max(TICKET_LIMITS.messageMax, TICKET_MESSAGES.replyTooLong),
});

export const ticketMessageViewSchema = z.object({
  _id: z.string(),
  /** The label shown: the member's username, or 'Admin {username}'. Decided by the server. */
  sender: z.string(),
  content: z.string(),
  /** Both name the same instant (ISO 8601); the spec's clients read one or the other. */
  timestamp: z.string(),
  date: z.string(),
  /** Written by an admin on someone else's ticket. */
  fromAdmin: z.boolean(),
});
export type TicketMessageView = z.infer<typeof ticketMessageViewSchema>;

export const ticketViewSchema = z.object({
  _id: z.string(),
  ticketId: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The member who opened it. */
  userId: z.string(),
  username: z.string(),
  /** Oldest first. */
  messages: z.array(ticketMessageViewSchema),
});
export type TicketView = z.infer<typeof ticketViewSchema>;

/** POST /createTicket (201), POST /closeTicket */
export const ticketAnswerSchema = z.object({ ticket: ticketViewSchema });
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

/** POST /tickets/{id}/messages (201): the new message and the ticket with it. */
export const ticketReplyAnswerSchema = z.object({
  ticket: ticketViewSchema,
  message: ticketMessageViewSchema,
});
export type TicketReplyAnswer = z.infer<typeof ticketReplyAnswerSchema>;

/** GET /getUserTickets (own) and GET /getAllTickets (Admin): newest first. */
export const ticketsAnswerSchema = z.object({ tickets: z.array(ticketViewSchema) });
export type TicketsAnswer = z.infer<typeof ticketsAnswerSchema>;
