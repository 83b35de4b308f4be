import { randomUUID } from "node:crypto";
import {
  type ArchiveAnswer,
  type ConversationView,
  type LeaveAnswer,
  type MarkReadAnswer,
  type MessageView,
  type PmMessageEvent,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
  type StartConversationAnswer,
  type UnreadTotalAnswer,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { refusalError } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { notify } from "../notifications/service.ts";
import { anyBlockAmong, contentVisibleSql, hearsSql, relationBetween } from "../social/public.ts";
import { type UserRow, users } from "../users/schema.ts";
import { messagesPolicy } from "./policy.ts";
import { conversationParticipants, conversations, privateMessages } from "./schema.ts";

type Actor = Pick<UserRow, "id">;

/** Sorted participant ids joined by ',': one conversation per set of members. */
export const participantKeyOf = (ids: string[]) => [...new Set(ids)].sort().join(",");

/**
 * The key of a group conversation that lost a member (left, or the account was deleted): the
 * members left plus the conversation's own id, so it never merges with another conversation of the
 * same members, and no start of a member set finds it.
 */
export const groupKeyOf = (ids: string[], conversationId: string) =>
  `${participantKeyOf(ids)}#${conversationId}`;

/**
 * A group conversation (more than two members when started, or one that lost a member). Its SQL
 * twin, over a conversation row `c`, is `isGroupSql`; the leave tests run both.
 */
export const isGroupKey = (key: string) => key.includes("#") || key.split(",").length > 2;
const isGroupSql = sql`(position('#' in c.participant_key) > 0
  or array_length(string_to_array(c.participant_key, ','), 1) > 2)`;

const raw = sql.raw;
const viewer = sql.placeholder("viewer");
const isoUtc = (column: string) =>
  sql`to_char(${raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A participant's bio as the viewer may see it: the profile page's content rule (`canSeeContent`,
 * in SQL): not across a block, and a private profile's only to itself and its accepted followers.
 */
const participantBio = sql`case
  when ${contentVisibleSql(viewer, { id: raw("u.id"), isPrivate: raw("u.is_private") })} then u.bio
  else '' end`;

/**
 * `ConversationView` of row `c` (conversation columns plus the viewer's `unread_count`). The last
 * message is the newest one the viewer hears (`hearsSql`): the stored one, or, when a block hides
 * that one from the viewer, the newest earlier one they may read.
 */
const conversationJson = sql`json_build_object(
  '_id', c.id,
  'participants', (select coalesce(json_agg(json_build_object(
      '_id', u.id, 'username', u.username, 'profileimage', u.profileimage, 'bio', ${participantBio}
    ) order by lower(u.username), u.id), '[]'::json)
    from conversation_participants op join users u on u.id = op.user_id
    where op.conversation_id = c.id),
  'lastMessage', case when c.last_message_id is null then null
    when ${hearsSql(viewer, raw("c.last_message_sender_id"), raw("c.last_message_at"))}
    then json_build_object(
      '_id', c.last_message_id, 'body', c.last_message_body, 'sender', c.last_message_sender_id,
      'createdAt', ${isoUtc("c.last_message_at")})
    else (select json_build_object('_id', lm.id, 'body', lm.body, 'sender', lm.sender_id,
        'createdAt', ${isoUtc("lm.created_at")})
      from private_messages lm
      where lm.conversation_id = c.id and ${hearsSql(viewer, raw("lm.sender_id"), raw("lm.created_at"))}
      order by lm.created_at desc, lm.id desc limit 1) end,
  'isGroup', ${isGroupSql},
  'unreadCount', c.unread_count, 'unread', c.unread_count,
  'updatedAt', ${isoUtc("c.seen_at")})`;

/**
 * The conversation's last activity as the viewer may know it (row `c`): its `updated_at`, unless a
 * block hides its last message from the viewer; then the newest message they hear (or its start).
 * A blocked member's writing never moves the conversation up the blocker's list.
 */
const seenAtSql = sql`case
  when c.last_message_id is null
    or ${hearsSql(viewer, raw("c.last_message_sender_id"), raw("c.last_message_at"))}
  then c.updated_at
  else coalesce((select max(lm.created_at) from private_messages lm
    where lm.conversation_id = c.id
      and ${hearsSql(viewer, raw("lm.sender_id"), raw("lm.created_at"))}), c.created_at) end`;

/**
 * The viewer's conversations as the JSON text of a `ConversationView[]`, built by PostgreSQL in one
 * prepared statement: `list` = not archived, newest activity first; `one` = the conversation `id`.
 */
function conversationsStatement(db: DbOrTx, kind: "list" | "one") {
  return prepared(db, `pm_conversations_${kind}`, (name) => {
    const filter =
      kind === "list"
        ? sql`cp.archived_at is null`
        : sql`cp.conversation_id = ${sql.placeholder("id")}`;
    const page = sql`(select c.*, cp.unread_count, ${seenAtSql} as seen_at
        from conversation_participants cp join conversations c on c.id = cp.conversation_id
        where cp.user_id = ${viewer} and ${filter}
        order by seen_at desc, c.id desc
        limit ${raw(String(PRIVATE_MESSAGE_LIMITS.conversationsMax))}) c`;
    return db
      .select({
        json: sql<string>`coalesce(json_agg(${conversationJson} order by c.seen_at desc, c.id desc), '[]'::json)::text`,
      })
      .from(page)
      .prepare(name);
  });
}

/** GET /pm/conversations: the JSON text of `{ conversations }`, ready to send. */
export async function listConversationsJson(ctx: AppContext, actor: Actor): Promise<string> {
  const [row] = await conversationsStatement(ctx.db, "list").execute({ viewer: actor.id });
  return `{"conversations":${row?.json ?? "[]"}}`;
}

async function conversationView(
  db: DbOrTx,
  viewerId: string,
  id: string,
): Promise<ConversationView | null> {
  const [row] = await conversationsStatement(db, "one").execute({ viewer: viewerId, id });
  const list = JSON.parse(row?.json ?? "[]") as ConversationView[];
  return list[0] ?? null;
}

/** Checks who may be messaged; throws the policy's refusal. */
async function assertMayMessage(
  db: DbOrTx,
  sender: Actor,
  recipient: UserRow,
  opts: { invitedByRecipient?: boolean } = {},
) {
  const refusal = messagesPolicy.message(
    recipient,
    await relationBetween(db, sender.id, recipient.id),
    opts,
  );
  if (refusal) throw refusalError(refusal);
}

/**
 * POST /pm/conversations: the conversation of exactly these members (the actor and `userIds`),
 * created if needed. Concurrent starts of the same set meet on the unique participant key, so they
 * all answer the same conversation. Starting again un-archives it for the actor.
 */
export async function startConversation(
  ctx: AppContext,
  actor: Actor,
  input: { userIds: string[] },
): Promise<StartConversationAnswer> {
  const others = [...new Set(input.userIds)].filter((id) => id !== actor.id);
  if (others.length === 0) {
    throw badRequest(
      input.userIds.length > 0
        ? PRIVATE_MESSAGE_MESSAGES.cannotMessageSelf
        : PRIVATE_MESSAGE_MESSAGES.recipientsRequired,
    );
  }
  if (others.length + 1 > PRIVATE_MESSAGE_LIMITS.participantsMax) {
    throw badRequest(PRIVATE_MESSAGE_MESSAGES.tooManyParticipants);
  }

  const found = await ctx.db.select().from(users).where(inArray(users.id, others));
  if (found.length !== others.length) throw notFound(PRIVATE_MESSAGE_MESSAGES.userNotFound);
  const key = participantKeyOf([actor.id, ...others]);
  const [existing] = await ctx.db
    .select({ createdBy: conversations.createdBy })
    .from(conversations)
    .where(eq(conversations.participantKey, key));
  for (const recipient of found) {
    await assertMayMessage(ctx.db, actor, recipient, {
      invitedByRecipient: others.length === 1 && existing?.createdBy === recipient.id,
    });
  }
  const refusal = messagesPolicy.gather(await anyBlockAmong(ctx.db, others));
  if (refusal) throw refusalError(refusal);

  let conversationId: string | null = null;
  // A retry only when the existing conversation was deleted (everyone archived) in between.
  for (let attempt = 0; attempt < 3 && !conversationId; attempt++) {
    conversationId = await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const [created] = await tx
        .insert(conversations)
        .values({
          id: randomUUID(),
          participantKey: key,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: conversations.participantKey })
        .returning({ id: conversations.id });
      if (created) {
        await tx.insert(conversationParticipants).values(
          [actor.id, ...others].map((userId) => ({
            conversationId: created.id,
            userId,
            joinedAt: now,
          })),
        );
        return created.id;
      }
      // Another start (earlier, or concurrent and now committed) made it: use that one, locked so
      // that a concurrent final archive cannot delete it under us.
      const [row] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.participantKey, key))
        .for("update");
      if (!row) return null;
      await tx
        .update(conversationParticipants)
        .set({ archivedAt: null })
        .where(
          and(
            eq(conversationParticipants.conversationId, row.id),
            eq(conversationParticipants.userId, actor.id),
          ),
        );
      return row.id;
    });
  }
  if (!conversationId) throw new Error("conversation could not be started");

  const conversation = await conversationView(ctx.db, actor.id, conversationId);
  if (!conversation) throw notFound(PRIVATE_MESSAGE_MESSAGES.conversationNotFound);
  return { conversationId, conversation };
}

const isParticipantSql = sql`exists (select 1 from conversation_participants p
  where p.conversation_id = ${sql.placeholder("id")} and p.user_id = ${viewer})`;

type Cursor = "none" | "before" | "beforeId";

/**
 * A page of messages as JSON text, built by PostgreSQL in one prepared statement: the newest
 * `fetch` (= limit + 1) messages older than the cursor, only when the viewer takes part; the page
 * holds the newest `limit` of them, oldest to newest; `count` > limit means older ones exist.
 */
function messagesStatement(db: DbOrTx, cursor: Cursor) {
  return prepared(db, `pm_messages_${cursor}`, (name) => {
    const filters: SQL[] = [
      sql`pm.conversation_id = ${sql.placeholder("id")}`,
      isParticipantSql,
      hearsSql(viewer, raw("pm.sender_id"), raw("pm.created_at")),
    ];
    const before = sql`${sql.placeholder("before")}::timestamptz`;
    if (cursor === "before") filters.push(sql`pm.created_at < ${before}`);
    if (cursor === "beforeId") {
      filters.push(sql`(pm.created_at, pm.id) < (${before}, ${sql.placeholder("beforeId")}::text)`);
    }
    const rows = sql`(select pm.*, row_number() over (order by pm.created_at desc, pm.id desc) as n
      from (select pm.* from private_messages pm where ${sql.join(filters, sql` and `)}
            order by pm.created_at desc, pm.id desc limit ${sql.placeholder("fetch")}) pm) m`;
    return db
      .select({
        messages: sql<string>`coalesce(json_agg(json_build_object(
            '_id', m.id, 'conversationId', m.conversation_id, 'body', m.body, 'sender', m.sender_id,
            'createdAt', ${isoUtc("m.created_at")}
          ) order by m.created_at, m.id) filter (where m.n <= ${sql.placeholder("limit")}), '[]'::json)::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(rows)
      .prepare(name);
  });
}

function isParticipantStatement(db: DbOrTx) {
  return prepared(db, "pm_is_participant", (name) =>
    db
      .select({ yes: sql<boolean>`${isParticipantSql}` })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
}

async function isParticipant(db: DbOrTx, viewerId: string, id: string) {
  const [row] = await isParticipantStatement(db).execute({ viewer: viewerId, id });
  return !!row?.yes;
}

function assertParticipant(yes: boolean) {
  const refusal = messagesPolicy.participate(yes);
  if (refusal) throw refusalError(refusal);
}

const presentMessage = (m: {
  id: string;
  conversationId: string;
  body: string;
  senderId: string | null;
  createdAt: Date;
}): MessageView => ({
  _id: m.id,
  conversationId: m.conversationId,
  body: m.body,
  sender: m.senderId,
  createdAt: m.createdAt.toISOString(),
});

/**
 * GET /pm/conversations/{id}/messages: the JSON text of a `MessagesAnswer` — the newest `limit`
 * messages (older than `before`) the viewer hears (`hearsSql`: none sent across a block), oldest to
 * newest. Only for participants; anyone else gets the same 404 as for an unknown id.
 */
export async function listMessagesJson(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
  query: { limit: number; before?: Date; beforeId?: string },
): Promise<string> {
  const cursor: Cursor = !query.before ? "none" : query.beforeId ? "beforeId" : "before";
  const [row] = await messagesStatement(ctx.db, cursor).execute({
    viewer: actor.id,
    id: conversationId,
    limit: query.limit,
    fetch: query.limit + 1,
    before: query.before?.toISOString(),
    beforeId: query.beforeId,
  });
  const count = row?.count ?? 0;
  // No rows: an empty conversation, or not the viewer's (one more query only in that case).
  if (count === 0) assertParticipant(await isParticipant(ctx.db, actor.id, conversationId));
  return `{"messages":${row?.messages ?? "[]"},"hasMore":${count > query.limit}}`;
}

/**
 * POST /pm/conversations/{id}/messages. One transaction, holding the conversation row's lock:
 * store the message, keep it as the conversation's last message, count it unread for the others
 * who hear it (the sender has read everything), bring the conversation back for whoever of them
 * archived it. Then the message goes live to the sender's and those recipients' rooms, and a
 * recipient whose unread count went from 0 to 1 gets a `message` notification (one per unread
 * streak, not one per message).
 *
 * In a one-to-one conversation the messaging rule is checked again: a block (or a private profile
 * the sender no longer follows, unless that member started the conversation) stops further messages.
 * In a group, a block between the sender and a member does not stop the message: it is stored and
 * reaches the others, and the member on the other side of the block never hears it (`hearsSql`).
 */
export async function sendPrivateMessage(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
  input: { body: string },
): Promise<MessageView> {
  const sent = await transaction(ctx, async (tx, afterCommit) => {
    const [conversation] = await tx
      .select({
        id: conversations.id,
        createdBy: conversations.createdBy,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversationId, conversations.id),
          eq(conversationParticipants.userId, actor.id),
        ),
      )
      .where(eq(conversations.id, conversationId))
      .for("update", { of: conversations });
    assertParticipant(!!conversation);
    if (!conversation) return null;

    // Strictly increasing times within a conversation (the row lock orders the writers), so a
    // page boundary `before` = the oldest loaded message's time never skips or repeats one.
    const last = conversation.lastMessageAt?.getTime() ?? 0;
    const createdAt = new Date(Math.max(ctx.clock.now().getTime(), last + 1));

    // Who hears this message: the reads' own rule (`hearsSql`), counting every block that exists
    // (at 'infinity': whatever the clocks of this instance and the database say), so a member who
    // blocks the sender (or whom the sender blocks) never gets it, live or later.
    const members = await tx
      .select({
        userId: conversationParticipants.userId,
        hears: hearsSql(
          raw(`"conversation_participants"."user_id"`),
          sql`${actor.id}`,
          sql`'infinity'::timestamptz`,
        ),
      })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId));
    const others = members.map((m) => m.userId).filter((id) => id !== actor.id);
    if (others.length === 1 && others[0]) {
      const [recipient] = await tx.select().from(users).where(eq(users.id, others[0]));
      if (recipient) {
        await assertMayMessage(tx, actor, recipient, {
          invitedByRecipient: conversation.createdBy === recipient.id,
        });
      }
    }
    const receivers = members.filter((m) => m.userId !== actor.id && m.hears).map((m) => m.userId);

    const [message] = await tx
      .insert(privateMessages)
      .values({
        id: randomUUID(),
        conversationId,
        senderId: actor.id,
        body: input.body,
        createdAt,
      })
      .returning();
    if (!message) throw new Error("message insert returned no row");

    await tx
      .update(conversations)
      .set({
        lastMessageId: message.id,
        lastMessageBody: message.body,
        lastMessageSenderId: actor.id,
        lastMessageAt: createdAt,
        updatedAt: createdAt,
      })
      .where(eq(conversations.id, conversationId));

    await tx
      .update(conversationParticipants)
      .set({ unreadCount: 0, lastReadAt: createdAt, archivedAt: null })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, actor.id),
        ),
      );
    const counted =
      receivers.length === 0
        ? []
        : await tx
            .update(conversationParticipants)
            .set({
              unreadCount: sql`${conversationParticipants.unreadCount} + 1`,
              archivedAt: null,
            })
            .where(
              and(
                eq(conversationParticipants.conversationId, conversationId),
                inArray(conversationParticipants.userId, receivers),
              ),
            )
            .returning({
              userId: conversationParticipants.userId,
              unreadCount: conversationParticipants.unreadCount,
            });

    const view = presentMessage(message);
    const payload: PmMessageEvent = { conversationId, message: view };
    afterCommit(() =>
      ctx.realtime.publish(USER_EVENTS.pmMessage, payload, {
        rooms: [actor.id, ...receivers].map(userRoom),
      }),
    );
    for (const r of counted) {
      if (r.unreadCount !== 1) continue;
      await notify(
        ctx,
        { userId: r.userId, type: "message", fromId: actor.id, meta: { conversationId } },
        { tx, afterCommit },
      );
    }
    return view;
  });
  if (!sent) throw notFound(PRIVATE_MESSAGE_MESSAGES.conversationNotFound);
  return sent;
}

/** POST /pm/conversations/{id}/read: nothing unread here for the actor any more. */
export async function markConversationRead(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
): Promise<MarkReadAnswer> {
  const updated = await ctx.db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: new Date() })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, actor.id),
      ),
    )
    .returning({ userId: conversationParticipants.userId });
  assertParticipant(updated.length > 0);
  return { ok: true, unreadCount: 0 };
}

/**
 * POST /pm/conversations/{id}/delete: archive for the actor only (its unread count with it). When
 * every participant has archived, the conversation and its messages are deleted for good, in the
 * same transaction; the conversation row's lock orders this against concurrent archives and sends.
 */
export async function archiveConversation(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
): Promise<ArchiveAnswer> {
  const deleted = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for("update");
    const archived = await tx
      .update(conversationParticipants)
      .set({ archivedAt: new Date(), unreadCount: 0 })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, actor.id),
        ),
      )
      .returning({ userId: conversationParticipants.userId });
    assertParticipant(archived.length > 0);

    const active = await tx
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          isNull(conversationParticipants.archivedAt),
        ),
      )
      .limit(1);
    if (active.length > 0) return false;
    // Participants and messages go with it (ON DELETE CASCADE).
    await tx.delete(conversations).where(eq(conversations.id, conversationId));
    return true;
  });
  return { ok: true, deleted };
}

/**
 * POST /pm/conversations/{id}/leave: the actor leaves a group conversation — no more of its
 * messages, gone from their inbox — while the others keep writing. One transaction holding the
 * conversation row's lock (ordered against sends and archives); the conversation's key becomes a
 * group key of the members left, so a later start of the old member set makes a new one. With
 * fewer than two members left, or none who has not archived it, the conversation is deleted.
 */
export async function leaveConversation(
  ctx: AppContext,
  actor: Actor,
  conversationId: string,
): Promise<LeaveAnswer> {
  await transaction(ctx, async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id, participantKey: conversations.participantKey })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for("update");
    const members = conversation
      ? await tx
          .select({
            userId: conversationParticipants.userId,
            archivedAt: conversationParticipants.archivedAt,
          })
          .from(conversationParticipants)
          .where(eq(conversationParticipants.conversationId, conversationId))
      : [];
    const refusal = messagesPolicy.leave(
      members.some((m) => m.userId === actor.id),
      !!conversation && isGroupKey(conversation.participantKey),
    );
    if (refusal) throw refusalError(refusal);

    const left = members.filter((m) => m.userId !== actor.id);
    if (left.length < 2 || left.every((m) => m.archivedAt !== null)) {
      // Participants and messages go with it (ON DELETE CASCADE).
      await tx.delete(conversations).where(eq(conversations.id, conversationId));
      return;
    }
    await tx
      .delete(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, actor.id),
        ),
      );
    await tx
      .update(conversations)
      .set({
        participantKey: groupKeyOf(
          left.map((m) => m.userId),
          conversationId,
        ),
      })
      .where(eq(conversations.id, conversationId));
  });
  return { ok: true };
}

function unreadTotalStatement(db: DbOrTx) {
  return prepared(db, "pm_unread_total", (name) =>
    db
      .select({
        total: sql<number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)::int`,
      })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.userId, sql.placeholder("viewer")),
          isNull(conversationParticipants.archivedAt),
        ),
      )
      .prepare(name),
  );
}

/** GET /pm/unread/total: unread messages over the actor's conversations not archived. */
export async function unreadTotal(ctx: AppContext, actor: Actor): Promise<UnreadTotalAnswer> {
  const [row] = await unreadTotalStatement(ctx.db).execute({ viewer: actor.id });
  return { total: row?.total ?? 0 };
}
