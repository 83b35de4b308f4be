import { type TicketForm, USER_EVENTS } from "@airwave/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../app/api.ts";
import { useSocketEvent } from "../../app/socket.ts";
import { ticketsApi } from "./api.ts";
import { prependTicketInCache, replaceTicketInCache, ticketKeys } from "./cache.ts";

/** The server's message, or the spec's fallback when there is none (network failure...). */
export function failureMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && typeof err.body.message === "string" && err.body.message
    ? err.body.message
    : fallback;
}

/**
 * GET /getUserTickets. An admin's reply arrives as a `ticket` notification on the live connection:
 * the list reloads at once, so an open conversation shows the reply.
 */
export function useMyTickets() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ticketKeys.mine,
    queryFn: ({ signal }) => ticketsApi.mine(signal),
  });
  useSocketEvent(USER_EVENTS.notification, (n) => {
    if (n.type === "ticket") void qc.invalidateQueries({ queryKey: ticketKeys.mine });
  });
  return query;
}

/** GET /getAllTickets, for the admin dashboard's Tickets tab. */
export function useAllTickets(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ticketKeys.admin,
    queryFn: ({ signal }) => ticketsApi.all(signal),
    enabled: options.enabled !== false,
  });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketForm) => ticketsApi.create(input),
    onSuccess: ({ ticket }) => {
      prependTicketInCache(qc, ticket);
      void qc.invalidateQueries({ queryKey: ticketKeys.admin });
    },
  });
}

export function useReplyTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, content }: { ticketId: string; content: string }) =>
      ticketsApi.reply(ticketId, content),
    onSuccess: ({ ticket }) => replaceTicketInCache(qc, ticket),
    // Closed meanwhile, or gone: show the ticket as it is now.
    onError: () => void qc.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useCloseTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => ticketsApi.close(ticketId),
    onSuccess: ({ ticket }) => replaceTicketInCache(qc, ticket),
  });
}
