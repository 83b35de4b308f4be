import type { TicketsAnswer, TicketView } from "@airwave/contracts";
import type { QueryClient } from "@tanstack/react-query";

export const ticketKeys = {
  all: ["tickets"] as const,
  mine: ["tickets", "mine"] as const,
  admin: ["tickets", "all"] as const,
};

/** Puts a ticket's new state into every cached list that holds it (own list, admin list). */
export function replaceTicketInCache(qc: QueryClient, ticket: TicketView) {
  for (const key of [ticketKeys.mine, ticketKeys.admin]) {
    qc.setQueryData<TicketsAnswer>(key, (prev) =>
      prev ? { tickets: prev.tickets.map((t) => (t._id === ticket._id ? ticket : t)) } : prev,
    );
  }
}

/** A ticket just opened goes on top of the own list (newest first). */
export function prependTicketInCache(qc: QueryClient, ticket: TicketView) {
  qc.setQueryData<TicketsAnswer>(ticketKeys.mine, (prev) =>
    prev ? { tickets: [ticket, ...prev.tickets.filter((t) => t._id !== ticket._id)] } : prev,
  );
}
