import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { conversationParticipants, conversations, privateMessages } from "./schema.ts";
import { groupKeyOf } from "./service.ts";

/**
 * Private conversations in an account deletion. A one-to-one conversation is deleted with its
 * messages (for both members: with one member left nobody would read what is written there). A group
 * conversation goes on for the others: the member leaves it, their messages stay with no sender
 * (shown as a deleted member), and its participant key names the members left plus the
 * conversation's own id, so it never merges with another conversation of the same members.
 */
export const messagesAccountDeletion: AccountDeletionStep = {
  tables: [conversations, conversationParticipants, privateMessages],
  async inTransaction(_ctx, tx, { userId }) {
    const theirs = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversationId, conversations.id),
          eq(conversationParticipants.userId, userId),
        ),
      )
      .orderBy(asc(conversations.id))
      .for("update", { of: conversations });
    for (const { id } of theirs) {
      const others = await tx
        .select({ userId: conversationParticipants.userId })
        .from(conversationParticipants)
        .where(
          and(
            eq(conversationParticipants.conversationId, id),
            ne(conversationParticipants.userId, userId),
          ),
        );
      if (others.length < 2) {
        await tx.delete(conversations).where(eq(conversations.id, id));
        continue;
      }
      await tx
        .delete(conversationParticipants)
        .where(
          and(
            eq(conversationParticipants.conversationId, id),
            eq(conversationParticipants.userId, userId),
          ),
        );
      await tx
        .update(privateMessages)
        .set({ senderId: null })
        .where(and(eq(privateMessages.conversationId, id), eq(privateMessages.senderId, userId)));
      await tx
        .update(conversations)
        .set({
          participantKey: groupKeyOf(
            others.map((o) => o.userId),
            id,
          ),
          createdBy: sql`nullif(${conversations.createdBy}, ${userId})`,
          lastMessageSenderId: sql`nullif(${conversations.lastMessageSenderId}, ${userId})`,
        })
        .where(eq(conversations.id, id));
    }
  },
};
