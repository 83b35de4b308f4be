import { randomUUID } from "node:crypto";
import {
  TICKET_MESSAGES,
  type TicketForm,
  type TicketMessageView,
  type TicketView,
  ticketAdminLabel,
  ticketReplyText,
} from "@airwave/contracts";
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { authorize } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { notify } from "../notifications/service.ts";
import type { UserRow } from "../users/schema.ts";
import { users } from "../users/schema.ts";
import { ticketPolicy } from "./policy.ts";
import { ticketMessages, tickets } from "./schema.ts";

type TicketRow = typeof tickets.$inferSelect;
type MessageRow = typeof ticketMessages.$inferSelect;

function presentMessage(m: MessageRow, ownerId: string): TicketMessageView {
  const at = m.createdAt.toISOString();
  return {
    _id: m.id,
    sender: m.sender,
    content: m.content,
    timestamp: at,
    date: at,
    // A deleted admin leaves no id behind; the label still says who wrote it.
    fromAdmin: m.senderId ? m.senderId !== ownerId : m.sender.startsWith(ticketAdminLabel("")),
  };
}

function presentTicket(t: TicketRow, username: string, messages: MessageRow[]): TicketView {
  return {
    _id: t.id,
    ticketId: t.id,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
    userId: t.userId,
    username,
    messages: messages.map((m) => presentMessage(m, t.userId)),
  };
}

/** Tickets matching `where`, newest first, each with its owner's username and its messages. */
async function loadTickets(db: DbOrTx, where?: SQL): Promise<TicketView[]> {
  const rows = await db
    .select({ t: tickets, username: users.username })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(
      inArray(
        ticketMessages.ticketId,
        rows.map((r) => r.t.id),
      ),
    )
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const byTicket = new Map<string, MessageRow[]>();
  for (const m of messages) {
    const list = byTicket.get(m.ticketId);
    if (list) list.push(m);
    else byTicket.set(m.ticketId, [m]);
  }
  return rows.map((r) => presentTicket(r.t, r.username, byTicket.get(r.t.id) ?? []));
}

async function loadTicket(db: DbOrTx, id: string): Promise<TicketView> {
  const [ticket] = await loadTickets(db, eq(tickets.id, id));
  if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
  return ticket;
}

/**
 * The ticket, locked for the rest of the transaction, if the actor may see it. Anyone else gets the
 * same 404 as for a ticket that does not exist: whether it exists is not revealed.
 */
async function lockAccessible(tx: DbOrTx, actor: UserRow, id: string): Promise<TicketRow> {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).for("update");
  if (!ticket || !ticketPolicy.access(actor, ticket)) throw notFound(TICKET_MESSAGES.notFound);
  return ticket;
}

/** POST /createTicket: an Open ticket of the actor; the description stands apart, no messages yet. */
export async function createTicket(
  ctx: AppContext,
  actor: UserRow,
  input: TicketForm,
): Promise<TicketView> {
  const [row] = await ctx.db
    .insert(tickets)
    .values({
      id: randomUUID(),
      userId: actor.id,
      title: input.title,
      description: input.description,
      priority: input.priority,
      status: "Open",
    })
    .returning();
  if (!row) throw new Error("ticket insert returned no row");
  return presentTicket(row, actor.username, []);
}

/** GET /getUserTickets: the actor's own tickets, newest first. */
export function listOwnTickets(ctx: AppContext, actor: UserRow): Promise<TicketView[]> {
  return loadTickets(ctx.db, eq(tickets.userId, actor.id));
}

/** GET /getAllTickets: every ticket, newest first (Admin only). */
export function listAllTickets(ctx: AppContext, actor: UserRow): Promise<TicketView[]> {
  authorize(ticketPolicy, "listAll", actor);
  return loadTickets(ctx.db);
}

/**
 * POST /tickets/{id}/messages. The server decides the sender label: the owner writes as their
 * username, an Admin as 'Admin {username}'. An Admin's reply notifies the owner (type `ticket`),
 * stored with the reply and pushed to their room once it is committed.
 */
export async function addTicketMessage(
  ctx: AppContext,
  actor: UserRow,
  ticketId: string,
  content: string,
): Promise<{ ticket: TicketView; message: TicketMessageView }> {
  const messageId = await transaction(ctx, async (tx, afterCommit) => {
    const ticket = await lockAccessible(tx, actor, ticketId);
    if (!ticketPolicy.acceptsReplies(ticket)) throw conflict(TICKET_MESSAGES.closedNoReplies);
    const asAdmin = ticketPolicy.repliesAsAdmin(actor, ticket);
    const sender = asAdmin ? ticketAdminLabel(actor.username) : actor.username;
    const id = randomUUID();
    await tx.insert(ticketMessages).values({ id, ticketId, senderId: actor.id, sender, content });
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticketId));
    if (asAdmin) {
      await notify(
        ctx,
        {
          userId: ticket.userId,
          type: "ticket",
          fromId: actor.id,
          meta: { ticketId, text: ticketReplyText(sender, ticket.title) },
        },
        { tx, afterCommit },
      );
    }
    return id;
  });
  const ticket = await loadTicket(ctx.db, ticketId);
  const message = ticket.messages.find((m) => m._id === messageId);
  if (!message) throw new Error("ticket message vanished after insert");
  return { ticket, message };
}

/** POST /closeTicket: Open to Closed, by the owner or an Admin. Closing a closed ticket changes nothing. */
export async function closeTicket(
  ctx: AppContext,
  actor: UserRow,
  ticketId: string,
): Promise<TicketView> {
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockAccessible(tx, actor, ticketId);
    if (ticket.status === "Closed") return;
    const now = new Date();
    await tx
      .update(tickets)
      .set({ status: "Closed", closedAt: now, updatedAt: now })
      .where(eq(tickets.id, ticketId));
  });
  return loadTicket(ctx.db, ticketId);
}
