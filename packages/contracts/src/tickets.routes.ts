import { defineRoutes } from "./route.ts";
import {
  closeTicketSchema,
  createTicketSchema,
  ticketAnswerSchema,
  ticketParamsSchema,
  ticketReplyAnswerSchema,
  ticketReplySchema,
  ticketsAnswerSchema,
} from "./tickets.ts";

/** Support tickets (community spec 7: Tickets; admin spec 7: Tickets). */
export const TICKETS_ROUTES = /* @__PURE__ */ defineRoutes("tickets", {
  create: {
    method: "POST",
    path: "/api/auth/createTicket",
    access: "member",
    summary: "Open a support ticket",
    body: createTicketSchema,
    response: ticketAnswerSchema,
    status: 201,
    rateLimits: ["tickets"],
  },
  mine: {
    method: "GET",
    path: "/api/auth/getUserTickets",
    access: "member",
    summary: "The signed-in member's tickets, newest first",
    response: ticketsAnswerSchema,
  },
  reply: {
    method: "POST",
    path: "/api/auth/tickets/:id/messages",
    access: "member",
    summary: "Reply on a ticket (its member, or an Admin)",
    params: ticketParamsSchema,
    body: ticketReplySchema,
    response: ticketReplyAnswerSchema,
    status: 201,
  },
  close: {
    method: "POST",
    path: "/api/auth/closeTicket",
    access: "member",
    summary: "Close a ticket (its member, or an Admin)",
    body: closeTicketSchema,
    response: ticketAnswerSchema,
  },
  all: {
    method: "GET",
    path: "/api/auth/getAllTickets",
    access: "admin",
    summary: "Every member's tickets (Admin)",
    response: ticketsAnswerSchema,
  },
});
