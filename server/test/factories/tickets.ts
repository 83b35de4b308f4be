import { randomUUID } from "node:crypto";
import { ticketMessages, tickets } from "../../src/features/tickets/schema.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

let tick = 0;

/** A support ticket of `userId` (Open, Minor unless overridden), created `ageMs` ago. */
export async function buildTicket(
  db: DbOrTx,
  userId: string,
  overrides: Partial<typeof tickets.$inferInsert> & { ageMs?: number } = {},
) {
  const { ageMs = 0, ...values } = overrides;
  const at = new Date(Date.now() - ageMs);
  const n = ++tick;
  const [row] = await db
    .insert(tickets)
    .values({
      id: randomUUID(),
      userId,
      title: `The stream drops out #${n}`,
      description: `Since last night the player stops after a minute (${n}).`,
      createdAt: at,
      updatedAt: at,
      ...values,
    })
    .returning();
  if (!row) throw new Error("ticket insert returned no row");
  return row;
}

/** A closed ticket of `userId`. */
export const buildClosedTicket = (
  db: DbOrTx,
  userId: string,
  overrides: Parameters<typeof buildTicket>[2] = {},
) => buildTicket(db, userId, { status: "Closed", closedAt: new Date(), ...overrides });

/** A message on a ticket with the label it would carry (`sender`), written `ageMs` ago. */
export async function buildTicketMessage(
  db: DbOrTx,
  ticketId: string,
  from: { senderId: string | null; sender: string },
  { content = "Any news on this?", ageMs = 0 }: { content?: string; ageMs?: number } = {},
) {
  const [row] = await db
    .insert(ticketMessages)
    .values({
      id: randomUUID(),
      ticketId,
      ...from,
      content,
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning();
  if (!row) throw new Error("ticket message insert returned no row");
  return row;
}
