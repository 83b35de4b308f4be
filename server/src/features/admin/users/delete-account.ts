import {
  ADMIN_DELETE_MESSAGES,
  type AdminDeleteUserAnswer,
  CHAT_SERVER_EVENTS,
  DEFAULT_PROFILE_IMAGE,
  isAdminRole,
  ticketAdminLabel,
} from "@airwave/contracts";
import { and, asc, eq, inArray, isNotNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../../../platform/context.ts";
import type { Tx } from "../../../platform/db/index.ts";
import { badRequest, forbidden, notFound } from "../../../platform/errors.ts";
import { forgetMemberCounters } from "../../../platform/rate-limit/hook.ts";
import { settings } from "../../../platform/settings.schema.ts";
import { uploads } from "../../../platform/storage/schema.ts";
import { chatMessages } from "../../chat/schema.ts";
import { conversationParticipants, conversations, privateMessages } from "../../messages/schema.ts";
import { participantKeyOf } from "../../messages/service.ts";
import { notifications } from "../../notifications/schema.ts";
import { commentLikes, comments, postLikes, postReports, posts } from "../../posts/schema.ts";
import { firstLikesOf } from "../../posts/service.ts";
import { scheduleBookings } from "../../schedule/schema.ts";
import { publishScheduleChanged } from "../../schedule/service.ts";
import { ticketMessages, tickets } from "../../tickets/schema.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { lockActorAndTarget } from "./service.ts";

/**
 * Deleting a member's account (admin Tab 1): what goes, what stays anonymised and why is the README's
 * "Deleting an account". Every database change happens in one transaction; the stored files go
 * after it commits, then the member's open sockets are closed.
 */

type Actor = Pick<UserRow, "id" | "role">;

/** Why `actor` may not delete account `targetId`, or null when they may. Pure: tested as a table. */
export function deleteAccountRefusal(actor: Actor | null, targetId: string) {
  if (!actor || !isAdminRole(actor.role)) return "forbidden" as const;
  if (actor.id === targetId) return "self" as const;
  return null;
}

/** Ids in groups small enough for one statement's parameters. */
function* inGroups(ids: string[], size = 5000) {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}

/** PostgreSQL's "deadlock detected": the transaction is rolled back whole and may simply run again. */
function isDeadlock(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}

/** POST ADMIN_API.userDelete(id). */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<AdminDeleteUserAnswer> {
  const refusal = deleteAccountRefusal(actor, userId);
  if (refusal === "forbidden") throw forbidden();
  if (refusal === "self") throw badRequest(ADMIN_DELETE_MESSAGES.cannotDeleteSelf);

  // Their bookings go with the account (foreign key): open schedule pages are told if there were any.
  const hadBookings =
    (await ctx.db.$count(scheduleBookings, eq(scheduleBookings.djId, userId))) > 0;
  let keys: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      keys = await ctx.db.transaction((tx) => removeAccount(ctx, tx, actor.id, userId));
      break;
    } catch (err) {
      // Only when the member themselves was liking or commenting at that very moment.
      if (attempt >= 3 || !isDeadlock(err)) throw err;
    }
  }

  // The account is gone; a file that cannot be removed now is only logged.
  for (const key of keys) {
    await ctx.storage
      .delete(key)
      .catch((err) => ctx.log.warn({ err, key }, "could not remove a deleted member's file"));
  }
  // Their abuse-limit counters name them; left behind, they would go within the hour anyway.
  await forgetMemberCounters(ctx, userId).catch((err) =>
    ctx.log.warn({ err }, "could not remove a deleted member's rate-limit counters"),
  );
  ctx.realtime.disconnectUser(userId, {
    event: {
      name: CHAT_SERVER_EVENTS.forceKick,
      payload: { reason: ADMIN_DELETE_MESSAGES.accountDeleted },
    },
  });
  if (hadBookings) publishScheduleChanged(ctx, null);
  return { message: ADMIN_DELETE_MESSAGES.deleted };
}

/**
 * The database side of a deletion; returns the storage keys of the files to remove once committed.
 * The member's row is locked first (FOR UPDATE): nothing of theirs can be added meanwhile, and a
 * second deletion of the same member waits and then finds no one (404).
 */
async function removeAccount(
  ctx: AppContext,
  tx: Tx,
  actorId: string,
  userId: string,
): Promise<string[]> {
  // The actor is locked too and must still be an Admin: two admins deleting each other at once
  // cannot both succeed.
  const target = await lockActorAndTarget(tx, actorId, userId);
  if (!target) throw notFound(ADMIN_DELETE_MESSAGES.userNotFound);

  // Posts that go: theirs, and everyone's posts on their profile page (others' images are kept
  // in mind: their files go too once no post shows them).
  const goingPosts = or(eq(posts.authorId, userId), eq(posts.profileOwnerId, userId));
  const othersImages = await tx
    .selectDistinct({ authorId: posts.authorId, image: posts.image })
    .from(posts)
    .where(
      and(eq(posts.profileOwnerId, userId), ne(posts.authorId, userId), isNotNull(posts.image)),
    );

  // Their likes, comments and reports, returning where they were: the counters of the posts and
  // comments that stay are recomputed below.
  const likedPosts = await tx
    .delete(postLikes)
    .where(eq(postLikes.userId, userId))
    .returning({ postId: postLikes.postId });
  const reportedPosts = await tx
    .delete(postReports)
    .where(eq(postReports.reporterId, userId))
    .returning({ postId: postReports.postId });
  const likedComments = await tx
    .delete(commentLikes)
    .where(eq(commentLikes.userId, userId))
    .returning({ commentId: commentLikes.commentId });
  const commentedPosts = await tx
    .delete(comments)
    .where(eq(comments.authorId, userId))
    .returning({ postId: comments.postId });

  // Notifications about posts that go (those from or to the member go with their row).
  await tx
    .delete(notifications)
    .where(
      inArray(notifications.postId, tx.select({ id: posts.id }).from(posts).where(goingPosts)),
    );

  // Their stored files: profile and cover pictures, post images, chat images.
  const theirUploads = await tx
    .delete(uploads)
    .where(eq(uploads.ownerId, userId))
    .returning({ key: uploads.key });
  const keys = theirUploads.map((u) => u.key);

  await anonymiseChat(ctx, tx, userId, keys);
  await leaveConversations(tx, userId);

  // Their replies on other members' tickets (as an admin) keep their place, under a neutral label.
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

  // Bans they gave keep their reason and date; "banned by" is no one now.
  await tx.update(users).set({ bannedBy: null }).where(eq(users.bannedBy, userId));
  // A setting naming them (the radio's live DJ) names no member any more.
  await tx
    .update(settings)
    .set({ value: sql`jsonb_set(${settings.value}, '{userId}', 'null'::jsonb)` })
    .where(sql`${settings.value}->>'userId' = ${userId}`);

  // The member's row; everything else of theirs goes with it (ON DELETE CASCADE): sessions, reset
  // keys, follows both ways, follow requests, blocks, their posts and the posts on their page with
  // those posts' comments and likes, tickets, DJ applications and credentials, bookings, chat likes,
  // notifications. Columns that only record who did something are set null by the schema (IP bans'
  // banned by and account, DJ decisions, bookings made for others, GIFs uploaded, conversations started).
  await tx.delete(users).where(eq(users.id, userId));

  // Images of other members' posts that were on their page, now that no post shows them.
  for (const post of othersImages) {
    if (!post.image) continue;
    const key = ctx.storage.keyFromUrl(post.image);
    if (!key) continue;
    const [still] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.image, post.image))
      .limit(1);
    if (still) continue;
    const removed = await tx
      .delete(uploads)
      .where(
        and(
          eq(uploads.key, key),
          eq(uploads.ownerId, post.authorId),
          inArray(uploads.kind, ["post", "temp"]),
        ),
      )
      .returning({ key: uploads.key });
    keys.push(...removed.map((u) => u.key));
  }

  await recountPosts(tx, [
    ...new Set([...likedPosts, ...reportedPosts, ...commentedPosts].map((r) => r.postId)),
  ]);
  await recountComments(tx, [...new Set(likedComments.map((r) => r.commentId))]);
  return keys;
}

/**
 * Chat lines stay where they are, anonymised: no sender, the deleted-member name and the default
 * picture; quotes of their lines in replies name the deleted member too. A chat image showing one of
 * their files goes, as the file does.
 */
async function anonymiseChat(ctx: AppContext, tx: Tx, userId: string, keys: string[]) {
  const name = ADMIN_DELETE_MESSAGES.deletedMember;
  const imageUrls = keys.map((key) => ctx.storage.publicUrl(key));
  for (const urls of inGroups(imageUrls)) {
    await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.type, "image"), inArray(chatMessages.message, urls)));
  }
  await tx
    .update(chatMessages)
    .set({
      replyTo: sql`jsonb_set(${chatMessages.replyTo}, '{username}', to_jsonb(${name}::text))`,
    })
    .where(
      sql`${chatMessages.replyTo}->>'id' in (select ${chatMessages.id} from ${chatMessages} where ${chatMessages.senderId} = ${userId})`,
    );
  await tx
    .update(chatMessages)
    .set({
      senderId: null,
      username: name,
      profileimage: DEFAULT_PROFILE_IMAGE,
      usernameStyle: null,
    })
    .where(eq(chatMessages.senderId, userId));
}

/**
 * Private conversations. A one-to-one conversation is deleted with its messages (for both members:
 * with one member left nobody would read what is written there). A group conversation goes on for
 * the others: the member leaves it, their messages stay with no sender (shown as a deleted member),
 * and its participant key names the members left plus the conversation's own id, so it never merges
 * with another conversation of the same members.
 */
async function leaveConversations(tx: Tx, userId: string) {
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
        participantKey: `${participantKeyOf(others.map((o) => o.userId))}#${id}`,
        createdBy: sql`nullif(${conversations.createdBy}, ${userId})`,
        lastMessageSenderId: sql`nullif(${conversations.lastMessageSenderId}, ${userId})`,
      })
      .where(eq(conversations.id, id));
  }
}

/**
 * Like, comment and report counts and the kept first likers of posts that stay, recomputed from
 * their rows (the same first-likers rule as posts/service.ts). The rows are locked first, so likes
 * and comments made meanwhile by others are counted once, before or after.
 */
async function recountPosts(tx: Tx, all: string[]) {
  for (const ids of inGroups([...all].sort())) await recountPostGroup(tx, ids);
}

async function recountPostGroup(tx: Tx, ids: string[]) {
  await tx
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(asc(posts.id))
    .for("update");
  await tx
    .update(posts)
    .set({
      likeCount: sql`(select count(*)::int from post_likes pl where pl.post_id = posts.id)`,
      firstLikes: firstLikesOf(posts.id),
      commentCount: sql`(select count(*)::int from comments c where c.post_id = posts.id)`,
      reportCount: sql`(select count(*)::int from post_reports pr where pr.post_id = posts.id)`,
    })
    .where(inArray(posts.id, ids));
}

async function recountComments(tx: Tx, all: string[]) {
  for (const ids of inGroups([...all].sort())) await recountCommentGroup(tx, ids);
}

async function recountCommentGroup(tx: Tx, ids: string[]) {
  await tx
    .select({ id: comments.id })
    .from(comments)
    .where(inArray(comments.id, ids))
    .orderBy(asc(comments.id))
    .for("update");
  await tx
    .update(comments)
    .set({
      likeCount: sql`(select count(*)::int from comment_likes cl where cl.comment_id = comments.id)`,
    })
    .where(inArray(comments.id, ids));
}
