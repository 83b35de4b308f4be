import { randomUUID } from "node:crypto";
import {
  findMusicLink,
  POST_LIMITS,
  POST_MESSAGES,
  type PostView,
  type ReportReason,
  USER_MESSAGES,
} from "@airwave/contracts";
import { and, asc, count, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { AppError, badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { notify } from "../notifications/service.ts";
import { canSeeContent, relationColumns, relationFrom } from "../social/public.ts";
import { deleteOwnUpload, findUploadByUrl } from "../uploads/service.ts";
import { byRefIdFirst, memberByRef } from "../users/lookup.ts";
import { presentBasicUser } from "../users/present.ts";
import { assertMayViewMember } from "../users/public.ts";
import { type UserRow, users } from "../users/schema.ts";
import { feedPageJson, postsByIds } from "./page-json.ts";
import { postPolicy } from "./policy.ts";
import { type PostRow, visibleRowsByIds } from "./queries.ts";
import { type commentLikes, postLikes, postReports, posts } from "./schema.ts";

type Actor = Pick<UserRow, "id" | "role" | "username">;

/** A post the actor may see, or 404 (never reveal that a hidden post exists). */
export async function visiblePostRow(db: DbOrTx, actor: Actor, postId: string): Promise<PostRow> {
  const [row] = await visibleRowsByIds(db, actor.id, [postId]);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return row;
}

async function presentOne(
  db: DbOrTx,
  actor: Actor,
  postId: string,
  commentsPerPost?: number,
): Promise<PostView> {
  const [view] = await postsByIds(db, actor.id, [postId], commentsPerPost);
  if (!view) throw notFound(POST_MESSAGES.notFound);
  return view;
}

/** GET /getFeed: the page as JSON text (see page-json.ts). */
export function getFeed(
  ctx: AppContext,
  actor: Actor,
  before: string | undefined,
  limit: number,
): Promise<string> {
  return feedPageJson(ctx.db, "feed", { viewer: actor.id, cursor: before }, limit);
}

/**
 * The member whose page is shown, if the actor may see its content (decisions: private profiles,
 * blocks), in one prepared statement: this runs before every profile page.
 */
async function viewableProfile(db: DbOrTx, actor: Actor, idOrName: string) {
  const viewer = sql.placeholder("viewer");
  const ref = sql.placeholder("ref");
  const relation = relationColumns(viewer, sql`${users.id}`);
  const statement = prepared(db, "posts_profile_access", (name) =>
    db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        banExpiresAt: users.banExpiresAt,
        isPrivate: users.isPrivate,
        isFollowing: relation.isFollowing,
        blockedByMe: relation.blockedByMe,
        hasBlockedMe: relation.hasBlockedMe,
      })
      .from(users)
      .where(memberByRef(ref))
      .orderBy(byRefIdFirst(ref))
      .limit(1)
      .prepare(name),
  );
  const [owner] = await statement.execute({ viewer: actor.id, ref: idOrName });
  if (!owner) throw notFound(USER_MESSAGES.userNotFound);
  // The profile's own 403 first (a blocker's page, a banned member's), then its content rule.
  const rel = assertMayViewMember(actor, owner, relationFrom(owner, owner.id === actor.id));
  if (!canSeeContent(owner, rel)) throw forbidden(USER_MESSAGES.profilePrivate);
  return owner;
}

/** GET /userPosts: the posts on a member's page as JSON text, if the actor may see them. */
export async function getUserPosts(
  ctx: AppContext,
  actor: Actor,
  idOrName: string,
  before: string | undefined,
  limit: number,
): Promise<string> {
  const owner = await viewableProfile(ctx.db, actor, idOrName);
  return feedPageJson(
    ctx.db,
    "profile",
    { viewer: actor.id, owner: owner.id, cursor: before },
    limit,
  );
}

/** GET /post/{id}: one post with all its comments. */
export const getPost = (ctx: AppContext, actor: Actor, postId: string) =>
  presentOne(ctx.db, actor, postId, 200);

/**
 * A post on the actor's own page, or on another member's page (`profileOwnerId`) when the actor may
 * see that member's content. The owner of the page is notified of a post by someone else.
 */
export async function createPost(
  ctx: AppContext,
  actor: Actor,
  input: { text: string; image?: string | null; profileOwnerId?: string },
): Promise<PostView> {
  const owner =
    input.profileOwnerId && input.profileOwnerId !== actor.id
      ? await viewableProfile(ctx.db, actor, input.profileOwnerId)
      : actor;
  const ownerId = owner.id;
  if (input.image) {
    // Only an image this member uploaded: never an outside address or someone else's file.
    const upload = await findUploadByUrl(ctx, input.image);
    if (!upload || upload.ownerId !== actor.id || !["post", "temp"].includes(upload.kind)) {
      throw badRequest(POST_MESSAGES.invalidFileType);
    }
  }
  const id = randomUUID();
  await transaction(ctx, async (tx, afterCommit) => {
    await tx.insert(posts).values({
      id,
      authorId: actor.id,
      profileOwnerId: ownerId,
      text: input.text,
      image: input.image ?? null,
      music: findMusicLink(input.text),
      createdAt: new Date(),
    });
    await notify(
      ctx,
      {
        userId: ownerId,
        type: "post",
        fromId: actor.id,
        postId: id,
        meta: { postOwnerUsername: owner.username },
      },
      { tx, afterCommit },
    );
  });
  return presentOne(ctx.db, actor, id);
}

async function postForChange(db: DbOrTx, postId: string) {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post;
}

export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  text: string,
): Promise<PostView> {
  const post = await postForChange(ctx.db, postId);
  if (!postPolicy.editPost(actor, post)) throw forbidden(POST_MESSAGES.notAllowedEdit);
  await ctx.db
    .update(posts)
    .set({ text, music: findMusicLink(text), updatedAt: new Date() })
    .where(eq(posts.id, postId));
  return presentOne(ctx.db, actor, postId);
}

export async function deletePost(ctx: AppContext, actor: Actor, postId: string) {
  const post = await postForChange(ctx.db, postId);
  if (!postPolicy.deletePost(actor, post)) throw forbidden(POST_MESSAGES.notAllowedDelete);
  await ctx.db.delete(posts).where(eq(posts.id, postId));
  if (post.image) await deleteStoredImage(ctx, post.authorId, post.image);
}

/** Removes the author's uploaded image (file and metadata) once no post points at it any more. */
async function deleteStoredImage(ctx: AppContext, authorId: string, url: string) {
  const [still] = await ctx.db.select({ n: count() }).from(posts).where(eq(posts.image, url));
  if ((still?.n ?? 0) === 0) await deleteOwnUpload(ctx, authorId, url);
}

/**
 * Like or unlike, counted once per member even under parallel requests: the like row's primary key
 * decides, and the counter moves in the same transaction as the row.
 */
export async function likePost(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  action: "like" | "unlike",
) {
  const row = await visiblePostRow(ctx.db, actor, postId);
  // The post's new count, or undefined when nothing changed (a repeated click).
  let likeCount = await transaction(ctx, async (tx, afterCommit) => {
    // Likes of one post take turns, so the kept first likers always match the like rows.
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for("update");
    if (action === "like") {
      const inserted = await tx
        .insert(postLikes)
        .values({ postId, userId: actor.id })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId });
      if (inserted.length === 0) return undefined;
      const [p] = await tx
        .update(posts)
        .set({ likeCount: sql`${posts.likeCount} + 1`, firstLikes: firstLikesOf(postId) })
        .where(eq(posts.id, postId))
        .returning({ likeCount: posts.likeCount });
      await notify(
        ctx,
        {
          userId: row.post.authorId,
          type: "like-post",
          fromId: actor.id,
          postId,
          meta: { postOwnerUsername: row.ownerName },
          oncePerDayFor: postId,
        },
        { tx, afterCommit },
      );
      return p?.likeCount;
    }
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, actor.id)))
      .returning({ postId: postLikes.postId });
    if (removed.length === 0) return undefined;
    const [p] = await tx
      .update(posts)
      .set({
        likeCount: sql`greatest(${posts.likeCount} - 1, 0)`,
        firstLikes: firstLikesOf(postId),
      })
      .where(eq(posts.id, postId))
      .returning({ likeCount: posts.likeCount });
    return p?.likeCount;
  });
  if (likeCount === undefined) {
    const [p] = await ctx.db
      .select({ likeCount: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, postId));
    likeCount = p?.likeCount ?? 0;
  }
  return { likeCount, likedByMe: action === "like" };
}

/** A page of likers (of a post or a comment), oldest like first, as basic users. */
export async function likersPage(
  db: DbOrTx,
  likes: typeof postLikes | typeof commentLikes,
  where: SQL | undefined,
  page: number,
  limit: number,
) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      profileimage: users.profileimage,
      isDj: users.isDj,
      role: users.role,
    })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(where)
    .orderBy(asc(likes.createdAt), asc(likes.userId))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(presentBasicUser);
}

/**
 * The post's first likers as kept on the post (`posts.firstLikes`), recomputed from the like rows.
 * `postId` is a value or a column (`posts.id` to recompute many posts in one update).
 */
export const firstLikesOf = (postId: string | SQLWrapper) =>
  sql`(select coalesce(jsonb_agg(jsonb_build_object('user', l.user_id, 'date',
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by l.created_at, l.user_id), '[]'::jsonb)
    from (select ${postLikes.userId} as user_id, ${postLikes.createdAt} as created_at from ${postLikes}
      where ${postLikes.postId} = ${postId} order by ${postLikes.createdAt}, ${postLikes.userId}
      limit ${sql.raw(String(POST_LIMITS.hoverIdsMax))}) l)`;

/** GET /postLikes: who liked a post, oldest first, paged. */
export async function listPostLikes(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  page: number,
  limit: number,
) {
  const row = await visiblePostRow(ctx.db, actor, postId);
  const likers = await likersPage(ctx.db, postLikes, eq(postLikes.postId, postId), page, limit);
  return { users: likers, total: row.post.likeCount, page, limit };
}

/** A share points at the original post (sharing a share shares its original). */
export async function sharePost(
  ctx: AppContext,
  actor: Actor,
  originalPostId: string,
  caption: string,
): Promise<PostView> {
  const shared = await visiblePostRow(ctx.db, actor, originalPostId);
  const original =
    shared.post.type === "share" && shared.post.originalPostId
      ? await visiblePostRow(ctx.db, actor, shared.post.originalPostId)
      : shared;
  const id = randomUUID();
  await transaction(ctx, async (tx, afterCommit) => {
    await tx.insert(posts).values({
      id,
      authorId: actor.id,
      profileOwnerId: actor.id,
      type: "share",
      originalPostId: original.post.id,
      shareCaption: caption,
      createdAt: new Date(),
    });
    await notify(
      ctx,
      {
        userId: original.post.authorId,
        type: "share",
        fromId: actor.id,
        postId: original.post.id,
        meta: { postOwnerUsername: original.ownerName },
      },
      { tx, afterCommit },
    );
  });
  return presentOne(ctx.db, actor, id);
}

/** One report per member per post; the post's reportCount counts distinct reporters. */
export async function reportPost(
  ctx: AppContext,
  actor: Actor,
  postId: string,
  reason: ReportReason,
  detail: string,
) {
  await visiblePostRow(ctx.db, actor, postId);
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(postReports)
      .values({ postId, reporterId: actor.id, reason, detail: detail || null })
      .onConflictDoNothing()
      .returning({ postId: postReports.postId });
    if (inserted.length === 0) throw new AppError(409, POST_MESSAGES.alreadyReported);
    await tx
      .update(posts)
      .set({ reportCount: sql`${posts.reportCount} + 1` })
      .where(eq(posts.id, postId));
  });
  return { message: POST_MESSAGES.reported };
}
