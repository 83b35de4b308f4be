import { isAdminRole } from "@airwave/contracts";

type Actor = { id: string; role: string };
type Ticket = { userId: string; status: string };

/**
 * Who may do what with support tickets (community spec 6, admin spec 6; decisions "Roles"): a member
 * sees, replies to and closes their own tickets; an Admin any ticket. Moderators have no ticket powers.
 * Pure: tested as a table.
 */
export const ticketPolicy = {
  /** Read, reply to and close a ticket (the record is hidden from anyone else). */
  access: (actor: Actor, ticket: Pick<Ticket, "userId">) =>
    actor.id === ticket.userId || isAdminRole(actor.role),
  /** A closed ticket takes no more replies. */
  acceptsReplies: (ticket: Pick<Ticket, "status">) => ticket.status !== "Closed",
  /** GET /getAllTickets: the admin dashboard's Tickets tab. */
  listAll: (actor: Pick<Actor, "role">) => isAdminRole(actor.role),
  /** Replies by an Admin on someone else's ticket carry 'Admin {username}'. */
  repliesAsAdmin: (actor: Actor, ticket: Pick<Ticket, "userId">) =>
    actor.id !== ticket.userId && isAdminRole(actor.role),
} as const;
