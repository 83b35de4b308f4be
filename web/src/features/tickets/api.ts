import type {
  TicketAnswer,
  TicketForm,
  TicketReplyAnswer,
  TicketsAnswer,
} from "@airwave/contracts";
import { api } from "../../app/api.ts";

const base = "/api/auth";

/** The tickets feature's server calls (community spec 7 and admin spec 7: Tickets). */
export const ticketsApi = {
  mine: (signal?: AbortSignal) => api<TicketsAnswer>(`${base}/getUserTickets`, { signal }),
  /** Admin only: every member's tickets. */
  all: (signal?: AbortSignal) => api<TicketsAnswer>(`${base}/getAllTickets`, { signal }),
  create: (input: TicketForm) =>
    api<TicketAnswer>(`${base}/createTicket`, { method: "POST", body: input }),
  reply: (ticketId: string, content: string) =>
    api<TicketReplyAnswer>(`${base}/tickets/${encodeURIComponent(ticketId)}/messages`, {
      method: "POST",
      body: { content },
    }),
  close: (ticketId: string) =>
    api<TicketAnswer>(`${base}/closeTicket`, { method: "POST", body: { ticketId } }),
};
