import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  conversationParticipants,
  conversations,
  privateMessages,
} from "../../src/features/private-messages/schema.ts";
import { participantKeyOf } from "../../src/features/private-messages/service.ts";
import type { DbOrTx } from "../../src/platform/db/index.ts";

/**
 * A conversation of these members (the first is its starter), `ageMs` old, with no messages.
 * `archivedBy` lists members who archived it.
 */
export async function buildConversation(
  db: DbOrTx,
  memberIds: string[],
  opts: { ageMs?: number; archivedBy?: string[] } = {},
) {
  const at = new Date(Date.now() - (opts.ageMs ?? 0));
  const [row] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      participantKey: participantKeyOf(memberIds),
      createdBy: memberIds[0] ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error("conversation insert returned no row");
  await db.insert(conversationParticipants).values(
    memberIds.map((userId) => ({
      conversationId: row.id,
      userId,
      joinedAt: at,
      archivedAt: opts.archivedBy?.includes(userId) ? at : null,
    })),
  );
  return row;
}

/**
 * A message stored directly (no notification, no live event), `ageMs` old. It becomes the
 * conversation's last message; with `countUnread` the other members' unread counts go up by one.
 */
export async function buildMessage(
  db: DbOrTx,
  conversationId: string,
  senderId: string,
  opts: { body?: string; ageMs?: number; countUnread?: boolean } = {},
) {
  const createdAt = new Date(Date.now() - (opts.ageMs ?? 0));
  const [message] = await db
    .insert(privateMessages)
    .values({
      id: randomUUID(),
      conversationId,
      senderId,
      body: opts.body ?? "Hello there",
      createdAt,
    })
    .returning();
  if (!message) throw new Error("message insert returned no row");
  await db
    .update(conversations)
    .set({
      lastMessageId: message.id,
      lastMessageBody: message.body,
      lastMessageSenderId: senderId,
      lastMessageAt: createdAt,
      updatedAt: createdAt,
    })
    .where(eq(conversations.id, conversationId));
  if (opts.countUnread) {
    await db
      .update(conversationParticipants)
      .set({ unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
      .where(
        sql`${conversationParticipants.conversationId} = ${conversationId} and ${conversationParticipants.userId} <> ${senderId}`,
      );
  }
  return message;
}
