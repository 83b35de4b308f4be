import { randomUUID } from "node:crypto";
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationType,
  type NotificationView,
  stationDate,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import { and, count, desc, eq, inArray, lt, type SQLWrapper } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import type { TxScope } from "../../platform/db/transaction.ts";
import { notFound } from "../../platform/errors.ts";
import { anyBlockAmong } from "../social/public.ts";
import { users } from "../users/schema.ts";
import { notificationOnce, notifications } from "./schema.ts";

interface NotifyInput {
  userId: string;
  type: NotificationType;
  fromId?: string | null;
  postId?: string | null;
  meta?: Record<string, string>;
  /**
   * Made at most once per actor, recipient, type and this target per station day (a post's or
   * comment's id; "" for a follow): a like/unlike or follow/unfollow cycle notifies once a day.
   */
  oncePerDayFor?: string;
}

type Row = typeof notifications.$inferSelect & {
  fromName: string | null;
  fromImage: string | null;
};

function present(n: Row): NotificationView {
  return {
    _id: n.id,
    type: n.type,
    from: n.fromName,
    fromId: n.fromId,
    fromUserId: n.fromId,
    requesterId: n.type === "follow-request" ? n.fromId : null,
    fromImage: n.fromImage,
    date: n.createdAt.toISOString(),
    read: n.read,
    postid: n.postId,
    postOwnerUsername: n.meta?.postOwnerUsername ?? null,
    meta: n.meta ?? {},
  };
}

const selection = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  fromId: notifications.fromId,
  postId: notifications.postId,
  meta: notifications.meta,
  read: notifications.read,
  createdAt: notifications.createdAt,
  fromName: users.username,
  fromImage: users.profileimage,
};

/**
 * Stores a notification; nobody is notified of their own action, nor of anything by a member on the
 * other side of a block (either way: `hears`), e.g. an @mention in the chat room. Returns its id,
 * or null.
 */
async function createNotification(db: DbOrTx, input: NotifyInput): Promise<string | null> {
  if (input.fromId && input.fromId === input.userId) return null;
  if (input.fromId && (await anyBlockAmong(db, [input.fromId, input.userId]))) return null;
  const id = randomUUID();
  await db.insert(notifications).values({
    id,
    userId: input.userId,
    type: input.type,
    fromId: input.fromId ?? null,
    postId: input.postId ?? null,
    meta: input.meta ?? {},
  });
  return id;
}

/**
 * Whether this is the first such notification today (and records it): one unique-key row per actor,
 * recipient, type, target and station day. The actor's rows of earlier days are dropped here.
 */
async function firstToday(ctx: AppContext, db: DbOrTx, input: NotifyInput): Promise<boolean> {
  if (!input.fromId || input.fromId === input.userId) return true;
  const day = stationDate(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
  await db
    .delete(notificationOnce)
    .where(and(eq(notificationOnce.fromId, input.fromId), lt(notificationOnce.day, day)));
  const made = await db
    .insert(notificationOnce)
    .values({
      fromId: input.fromId,
      userId: input.userId,
      type: input.type,
      target: input.oncePerDayFor ?? "",
      day,
    })
    .onConflictDoNothing()
    .returning({ day: notificationOnce.day });
  return made.length > 0;
}

/** Pushes a stored notification to its recipient's room (`user:{id}`). */
async function deliverNotification(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select(selection)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromId))
    .where(eq(notifications.id, id));
  if (!row) return;
  ctx.realtime.publish(USER_EVENTS.notification, present(row), { room: userRoom(row.userId) });
}

/**
 * Stores a notification and pushes it to the recipient's sockets; nobody is notified of their own
 * action. Inside an action's transaction (`scope`), it is stored there and pushed once committed.
 */
export async function notify(ctx: AppContext, input: NotifyInput, scope?: TxScope) {
  const db = scope?.tx ?? ctx.db;
  if (input.oncePerDayFor !== undefined && !(await firstToday(ctx, db, input))) return;
  const id = await createNotification(db, input);
  if (!id) return;
  if (scope) scope.afterCommit(() => deliverNotification(ctx, id));
  else await deliverNotification(ctx, id);
}

/** Removes the follow-request notification once the request is answered or cancelled. */
export async function clearFollowRequestNotification(
  db: DbOrTx,
  targetId: string,
  requesterId: string,
) {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, targetId),
        eq(notifications.fromId, requesterId),
        eq(notifications.type, "follow-request"),
      ),
    );
}

export async function listNotifications(
  ctx: AppContext,
  userId: string,
): Promise<NotificationView[]> {
  const rows = await ctx.db
    .select(selection)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIMITS.listMax);
  return rows.map(present);
}

async function unreadCount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

async function changed(ctx: AppContext, userId: string) {
  ctx.realtime.publish(
    USER_EVENTS.notificationsChanged,
    { unread: await unreadCount(ctx.db, userId) },
    { room: userRoom(userId) },
  );
}

export async function markNotificationRead(
  ctx: AppContext,
  userId: string,
  notificationId: string,
) {
  const updated = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await changed(ctx, userId);
}

export async function clearNotification(ctx: AppContext, userId: string, notificationId: string) {
  const removed = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (removed.length === 0) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await changed(ctx, userId);
}

/** Removes the notifications about posts that are going (a subquery of their ids): account deletion. */
export async function removeNotificationsAboutPosts(db: DbOrTx, postIds: SQLWrapper) {
  await db.delete(notifications).where(inArray(notifications.postId, postIds));
}
