import { ADMIN_DELETE_MESSAGES, ticketAdminLabel } from "@airwave/contracts";
import { and, eq, notInArray } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { ticketMessages, tickets } from "./schema.ts";

/**
 * Tickets in an account deletion: their tickets go with their row; their replies on other members'
 * tickets (as an admin) keep their place, under a neutral label.
 */
export const ticketsAccountDeletion: AccountDeletionStep = {
  tables: [tickets, ticketMessages],
  async inTransaction(_ctx, tx, { userId }) {
    await tx
      .update(ticketMessages)
      .set({ senderId: null, sender: ticketAdminLabel(ADMIN_DELETE_MESSAGES.deletedMember) })
      .where(
        and(
          eq(ticketMessages.senderId, userId),
          notInArray(
            ticketMessages.ticketId,
            tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, userId)),
          ),
        ),
      );
  },
};
