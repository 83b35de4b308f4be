import {
  type BasicUser,
  type BlockAnswer,
  type FollowAnswer,
  type PrivacyAnswer,
  SOCIAL_MESSAGES,
  type SocialOkAnswer,
  USER_EVENTS,
  USER_MESSAGES,
  type UserEventPayloads,
  userRoom,
} from "@airwave/contracts";
import { and, desc, eq, or } from "drizzle-orm";
import { refusalError } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { clearFollowRequestNotification, notify } from "../notifications/service.ts";
import { basicUserColumns, findUserById, findUserByIdOrUsername } from "../users/lookup.ts";
import { presentBasicUser } from "../users/present.ts";
import { type UserRow, users } from "../users/schema.ts";
import { socialPolicy } from "./policy.ts";
import { blocks, followRequests, follows } from "./schema.ts";
import { relationBetween } from "./visibility.ts";

async function findTarget(db: DbOrTx, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(SOCIAL_MESSAGES.userNotFound);
  return user;
}

/** Tells both members that the pending requests between them changed (profile and bell reload). */
function publishFollowRequestsChanged(ctx: AppContext, targetId: string, requesterId: string) {
  const payload: UserEventPayloads["follow-requests-changed"] = { userId: targetId };
  ctx.realtime.publish(USER_EVENTS.followRequestsChanged, payload, {
    rooms: [userRoom(targetId), userRoom(requesterId)],
  });
}

const followRow = (followerId: string, followedId: string) =>
  and(eq(follows.followerId, followerId), eq(follows.followedId, followedId));
const requestRow = (requesterId: string, targetId: string) =>
  and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId));

/**
 * POST /followUser. A public profile is followed at once (notification `follow`); a private one gets
 * a follow request (notification `follow-request`). Asking again while a request is pending answers
 * `requested` again without a second notification.
 */
export async function followUser(
  ctx: AppContext,
  actor: UserRow,
  input: { followed: string },
): Promise<FollowAnswer> {
  const status = await transaction(ctx, async (tx, afterCommit) => {
    const target = await findTarget(tx, input.followed);
    const refusal = socialPolicy.follow(
      actor,
      target,
      await relationBetween(tx, actor.id, target.id),
    );
    if (refusal) throw refusalError(refusal);

    if (target.isPrivate) {
      const created = await tx
        .insert(followRequests)
        .values({ requesterId: actor.id, targetId: target.id })
        .onConflictDoNothing()
        .returning({ targetId: followRequests.targetId });
      if (created.length) {
        await notify(
          ctx,
          { userId: target.id, type: "follow-request", fromId: actor.id },
          { tx, afterCommit },
        );
        afterCommit(() => publishFollowRequestsChanged(ctx, target.id, actor.id));
      }
      return "requested" as const;
    }

    const created = await tx
      .insert(follows)
      .values({ followerId: actor.id, followedId: target.id })
      .onConflictDoNothing()
      .returning({ followedId: follows.followedId });
    // A second click that raced the first: the follow exists already.
    if (created.length === 0) return null;
    // A request left from when the profile was private is settled by the follow.
    const settled = await tx
      .delete(followRequests)
      .where(requestRow(actor.id, target.id))
      .returning({ targetId: followRequests.targetId });
    if (settled.length) await clearFollowRequestNotification(tx, target.id, actor.id);
    await notify(
      ctx,
      { userId: target.id, type: "follow", fromId: actor.id, oncePerDayFor: "" },
      { tx, afterCommit },
    );
    if (settled.length) afterCommit(() => publishFollowRequestsChanged(ctx, target.id, actor.id));
    return "following" as const;
  });
  if (!status) throw badRequest(SOCIAL_MESSAGES.alreadyFollowing);
  return { status };
}

/** POST /unfollowUser: ends a follow, or withdraws a pending request to that member. */
export async function unfollowUser(
  ctx: AppContext,
  actor: UserRow,
  input: { followed: string },
): Promise<SocialOkAnswer> {
  const target = await findTarget(ctx.db, input.followed);
  const outcome = await transaction(ctx, async (tx, afterCommit) => {
    const removed = await tx
      .delete(follows)
      .where(followRow(actor.id, target.id))
      .returning({ followedId: follows.followedId });
    if (removed.length) return "unfollowed";
    const withdrawn = await tx
      .delete(followRequests)
      .where(requestRow(actor.id, target.id))
      .returning({ targetId: followRequests.targetId });
    if (!withdrawn.length) return null;
    await clearFollowRequestNotification(tx, target.id, actor.id);
    afterCommit(() => publishFollowRequestsChanged(ctx, target.id, actor.id));
    return "withdrawn";
  });
  if (!outcome) throw badRequest(SOCIAL_MESSAGES.notFollowing);
  return { ok: true };
}

/**
 * POST /follow/accept: the requester now follows the actor. Safe under double clicks: the request
 * row is deleted once (the second click finds none and answers 400 like the spec's client expects).
 */
export async function acceptFollowRequest(
  ctx: AppContext,
  actor: UserRow,
  input: { requesterId: string },
): Promise<SocialOkAnswer> {
  const { requesterId } = input;
  const refusal = await transaction(ctx, async (tx, afterCommit) => {
    const pending = await tx
      .delete(followRequests)
      .where(requestRow(requesterId, actor.id))
      .returning({ requesterId: followRequests.requesterId });
    if (pending.length === 0) {
      const existing = await tx
        .select({ id: follows.followerId })
        .from(follows)
        .where(followRow(requesterId, actor.id))
        .limit(1);
      return existing.length ? SOCIAL_MESSAGES.alreadyFollowing : SOCIAL_MESSAGES.noPendingRequest;
    }
    // The request and its notification are gone: both members' pages are told, whatever follows.
    await clearFollowRequestNotification(tx, actor.id, requesterId);
    const created = await tx
      .insert(follows)
      .values({ followerId: requesterId, followedId: actor.id })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    if (created.length > 0) {
      await notify(
        ctx,
        { userId: requesterId, type: "follow-accepted", fromId: actor.id },
        { tx, afterCommit },
      );
    }
    afterCommit(() => publishFollowRequestsChanged(ctx, actor.id, requesterId));
    return created.length > 0 ? null : SOCIAL_MESSAGES.alreadyFollowing;
  });
  // Committed either way: a refusal here only says there was nothing (more) to accept.
  if (refusal) throw badRequest(refusal);
  return { ok: true };
}

/** Deletes one pending request and the target's notification of it; false when there was none. */
async function dropRequest(ctx: AppContext, requesterId: string, targetId: string) {
  const dropped = await transaction(ctx, async (tx, afterCommit) => {
    const rows = await tx
      .delete(followRequests)
      .where(requestRow(requesterId, targetId))
      .returning({ targetId: followRequests.targetId });
    if (rows.length === 0) return false;
    await clearFollowRequestNotification(tx, targetId, requesterId);
    afterCommit(() => publishFollowRequestsChanged(ctx, targetId, requesterId));
    return true;
  });
  if (!dropped) throw badRequest(SOCIAL_MESSAGES.noPendingRequest);
}

/** POST /follow/decline: the actor turns down a request to follow them. */
export async function declineFollowRequest(
  ctx: AppContext,
  actor: UserRow,
  input: { requesterId: string },
): Promise<SocialOkAnswer> {
  await dropRequest(ctx, input.requesterId, actor.id);
  return { ok: true };
}

/** POST /follow/cancel: the actor withdraws their own pending request. */
export async function cancelFollowRequest(
  ctx: AppContext,
  actor: UserRow,
  input: { targetId: string },
): Promise<SocialOkAnswer> {
  await dropRequest(ctx, actor.id, input.targetId);
  return { ok: true };
}

async function resolveListOwner(ctx: AppContext, viewer: UserRow, id: string | undefined) {
  const member = id ? await findUserByIdOrUsername(ctx.db, id) : viewer;
  if (!member) throw notFound(USER_MESSAGES.userNotFound);
  const refusal = socialPolicy.viewLists(
    viewer,
    member,
    await relationBetween(ctx.db, viewer.id, member.id),
  );
  if (refusal) throw refusalError(refusal);
  return member;
}

/** GET /getfollowers and /getfollowing: one side of the member's follows, newest first. */
async function listFollowSide(
  ctx: AppContext,
  viewer: UserRow,
  id: string | undefined,
  side: "followers" | "following",
) {
  const member = await resolveListOwner(ctx, viewer, id);
  const [them, me] =
    side === "followers"
      ? [follows.followerId, follows.followedId]
      : [follows.followedId, follows.followerId];
  const rows = await ctx.db
    .select(basicUserColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, them))
    .where(eq(me, member.id))
    .orderBy(desc(follows.createdAt), users.username);
  return rows.map(presentBasicUser);
}

export const listFollowers = (
  ctx: AppContext,
  viewer: UserRow,
  input: { id?: string },
): Promise<BasicUser[]> => listFollowSide(ctx, viewer, input.id, "followers");

export const listFollowing = (
  ctx: AppContext,
  viewer: UserRow,
  input: { id?: string },
): Promise<BasicUser[]> => listFollowSide(ctx, viewer, input.id, "following");

/**
 * POST /privacy/set. Privacy is the social feature's setting, kept on the member's row. Pending
 * requests stay pending when a profile turns public (the owner may still accept them).
 */
export async function setPrivacy(
  ctx: AppContext,
  actor: UserRow,
  input: { isPrivate: boolean },
): Promise<PrivacyAnswer> {
  const [row] = await ctx.db
    .update(users)
    .set({ isPrivate: input.isPrivate })
    .where(eq(users.id, actor.id))
    .returning({ isPrivate: users.isPrivate });
  return { isPrivate: row?.isPrivate ?? input.isPrivate };
}

/** POST /blockUser: blocks the member and ends every follow and follow request between the two. */
export async function blockUser(
  ctx: AppContext,
  actor: UserRow,
  input: { targetId: string },
): Promise<BlockAnswer> {
  const target = await findTarget(ctx.db, input.targetId);
  const refusal = socialPolicy.block(
    actor,
    target,
    await relationBetween(ctx.db, actor.id, target.id),
  );
  if (refusal) throw refusalError(refusal);

  await transaction(ctx, async (tx, afterCommit) => {
    await tx
      .insert(blocks)
      .values({ blockerId: actor.id, blockedId: target.id })
      .onConflictDoNothing();
    await tx
      .delete(follows)
      .where(or(followRow(actor.id, target.id), followRow(target.id, actor.id)));
    const dropped = await tx
      .delete(followRequests)
      .where(or(requestRow(actor.id, target.id), requestRow(target.id, actor.id)))
      .returning();
    for (const r of dropped) {
      await clearFollowRequestNotification(tx, r.targetId, r.requesterId);
      afterCommit(() => publishFollowRequestsChanged(ctx, r.targetId, r.requesterId));
    }
  });
  return { ok: true, blocked: true };
}

/** POST /unblockUser: lifts the actor's block (answers the same whether or not there was one). */
export async function unblockUser(
  ctx: AppContext,
  actor: UserRow,
  input: { targetId: string },
): Promise<BlockAnswer> {
  const target = await findTarget(ctx.db, input.targetId);
  await ctx.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, target.id)));
  return { ok: true, blocked: false };
}
