import type {
  ChatLike,
  ChatMessageType,
  ChatMessageView,
  MessageFormat,
  NameTagStyling,
  ReplyTo,
} from "@airwave/contracts";
import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { users } from "../users/schema.ts";
import { chatLikes, chatMessages } from "./schema.ts";

type MessageRow = typeof chatMessages.$inferSelect;

export interface NewChatMessage {
  /** The message's id when another record shares it (a coin flip offer's); a new ordered id otherwise. */
  id?: string;
  clientId: number;
  senderId: string | null;
  username: string;
  profileimage: string;
  type: ChatMessageType;
  message: string;
  usernameStyle?: NameTagStyling | null;
  format?: MessageFormat | null;
  replyTo?: ReplyTo | null;
  trackData?: Record<string, unknown> | null;
}

function presentChatMessage(row: MessageRow, likes: ChatLike[] = []): ChatMessageView {
  return {
    _id: row.id,
    id: row.clientId,
    message: row.message,
    sender: row.username,
    senderId: row.senderId,
    username: row.username,
    profileimage: row.profileimage,
    type: row.type as ChatMessageType,
    usernameStyle: (row.usernameStyle as NameTagStyling | null) ?? null,
    format: (row.format as MessageFormat | null) ?? null,
    replyTo: (row.replyTo as ReplyTo | null) ?? null,
    trackData: (row.trackData as Record<string, unknown> | null) ?? null,
    likes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function saveChatMessage(db: DbOrTx, input: NewChatMessage): Promise<ChatMessageView> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      id: input.id ?? orderedUuid(),
      clientId: input.clientId,
      senderId: input.senderId,
      username: input.username,
      profileimage: input.profileimage,
      type: input.type,
      message: input.message,
      usernameStyle: input.usernameStyle ?? null,
      format: input.format ?? null,
      replyTo: input.replyTo ?? null,
      trackData: input.trackData ?? null,
    })
    .returning();
  if (!row) throw new Error("chat message not stored");
  return presentChatMessage(row);
}

export async function findChatMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return rows[0] ?? null;
}

async function likesOf(db: DbOrTx, messageIds: string[]): Promise<Map<string, ChatLike[]>> {
  const map = new Map<string, ChatLike[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select({
      messageId: chatLikes.messageId,
      userId: chatLikes.userId,
      username: users.username,
      profileimage: users.profileimage,
    })
    .from(chatLikes)
    .innerJoin(users, eq(users.id, chatLikes.userId))
    .where(inArray(chatLikes.messageId, messageIds))
    .orderBy(chatLikes.createdAt);
  for (const { messageId, ...like } of rows) {
    const list = map.get(messageId) ?? [];
    list.push(like);
    map.set(messageId, list);
  }
  return map;
}

/** The newest `limit` messages, oldest first, with their likes. */
export async function chatHistory(db: DbOrTx, limit: number): Promise<ChatMessageView[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  rows.reverse();
  const likes = await likesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentChatMessage(r, likes.get(r.id) ?? []));
}

/**
 * Likes a message for a member, or takes the like back when they already liked it. One like per
 * member per message, also under parallel clicks (primary key). Returns the message's likes.
 */
export async function toggleChatLike(
  db: DbOrTx,
  messageId: string,
  userId: string,
): Promise<ChatLike[] | null> {
  if (!(await findChatMessage(db, messageId))) return null;
  const inserted = await db
    .insert(chatLikes)
    .values({ messageId, userId })
    .onConflictDoNothing()
    .returning({ userId: chatLikes.userId });
  if (inserted.length === 0) {
    await db
      .delete(chatLikes)
      .where(and(eq(chatLikes.messageId, messageId), eq(chatLikes.userId, userId)));
  }
  return (await likesOf(db, [messageId])).get(messageId) ?? [];
}

/** Messages of the last 24 hours (admin chat stats). */
export async function chatMessagesLast24h(db: DbOrTx, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(gte(chatMessages.createdAt, since));
  return Number(row?.n ?? 0);
}

/** Deletes every chat message (and with them their likes); returns how many went. */
export async function wipeChat(db: DbOrTx): Promise<number> {
  const gone = await db.delete(chatMessages).returning({ id: chatMessages.id });
  return gone.length;
}
