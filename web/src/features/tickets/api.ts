import { TICKETS_ROUTES, type TicketForm } from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** The tickets feature's server calls (community spec 7 and admin spec 7: Tickets). */
export const ticketsApi = {
  mine: (signal?: AbortSignal) => call(TICKETS_ROUTES.mine, { signal }),
  /** Admin only: every member's tickets. */
  all: (signal?: AbortSignal) => call(TICKETS_ROUTES.all, { signal }),
  create: (input: TicketForm) => call(TICKETS_ROUTES.create, { body: input }),
  reply: (ticketId: string, content: string) =>
    call(TICKETS_ROUTES.reply, { params: { id: ticketId }, body: { content } }),
  close: (ticketId: string) => call(TICKETS_ROUTES.close, { body: { ticketId } }),
};
