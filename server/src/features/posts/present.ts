import { type CommentView, findMusicLink, POST_LIMITS, type PostView } from "@airwave/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import { users } from "../users/schema.ts";
import { type PostRow, visibleRowsByIds } from "./queries.ts";
import { commentLikes, comments, postLikes, postReports } from "./schema.ts";

type CommentRow = typeof comments.$inferSelect & { username: string; userImage: string };

function presentComment(c: CommentRow, likedByMe: boolean): CommentView {
  return {
    _id: c.id,
    commentId: c.id,
    comment: c.content,
    content: c.content,
    username: c.username,
    userImage: c.userImage,
    user: c.authorId,
    date: c.createdAt.toISOString(),
    updatedAt: c.updatedAt?.toISOString() ?? null,
    likeCount: c.likeCount,
    likedByMe,
  };
}

export async function loadComment(
  db: DbOrTx,
  viewerId: string,
  commentId: string,
): Promise<CommentView | null> {
  const [r] = await db
    .select({
      c: comments,
      username: users.username,
      userImage: users.profileimage,
      likedByMe: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, commentId));
  return r
    ? presentComment({ ...r.c, username: r.username, userImage: r.userImage }, !!r.likedByMe)
    : null;
}

interface PageExtras {
  id: string;
  liked: boolean;
  reported: boolean;
  likes: { user: string; date: string }[];
  comments: (Omit<CommentView, "date" | "updatedAt"> & {
    date: string;
    updatedAt: string | null;
  })[];
}

/**
 * What a page of post views needs beyond the rows, in one prepared statement per comment count:
 * the first likers, the viewer's like and report, and the newest comments with the viewer's likes.
 */
function extrasStatement(db: DbOrTx, commentsPerPost: number) {
  const viewer = sql.placeholder("viewer");
  const ids = sql.placeholder("ids");
  return prepared(db, `post_extras_${commentsPerPost}`, (name) =>
    db
      .select({
        id: sql<string>`p.id`,
        liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = p.id and ${postLikes.userId} = ${viewer})`,
        reported: sql<boolean>`exists (select 1 from ${postReports} where ${postReports.postId} = p.id and ${postReports.reporterId} = ${viewer})`,
        likes: sql<
          PageExtras["likes"]
        >`coalesce((select json_agg(json_build_object('user', l.user_id, 'date', l.created_at) order by l.created_at, l.user_id) from (select ${postLikes.userId} as user_id, ${postLikes.createdAt} as created_at from ${postLikes} where ${postLikes.postId} = p.id order by ${postLikes.createdAt}, ${postLikes.userId} limit ${sql.raw(String(POST_LIMITS.hoverIdsMax))}) l), '[]'::json)`,
        comments: sql<PageExtras["comments"]>`coalesce((select json_agg(json_build_object(
            '_id', c.id, 'commentId', c.id, 'comment', c.content, 'content', c.content,
            'username', u.username, 'userImage', u.profileimage, 'user', c.author_id,
            'date', c.created_at, 'updatedAt', c.updated_at, 'likeCount', c.like_count,
            'likedByMe', exists (select 1 from ${commentLikes} cl where cl.comment_id = c.id and cl.user_id = ${viewer})
          ) order by c.created_at, c.id)
          from (select * from ${comments} where ${comments.postId} = p.id order by ${comments.createdAt} desc, ${comments.id} desc limit ${sql.raw(String(commentsPerPost))}) c
          join ${users} u on u.id = c.author_id), '[]'::json)`,
      })
      .from(sql`unnest(${ids}::text[]) as p(id)`)
      .prepare(name),
  );
}

const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Post views for rows the viewer may see: one statement for the page's likes, reports and comments,
 * one for the shared originals, whatever the page size.
 */
export async function presentPosts(
  db: DbOrTx,
  viewerId: string,
  rows: PostRow[],
  opts: { commentsPerPost?: number; resolveOriginals?: boolean } = {},
): Promise<PostView[]> {
  if (rows.length === 0) return [];
  const perPost = opts.commentsPerPost ?? POST_LIMITS.commentsPreview;
  const originalIds =
    opts.resolveOriginals === false
      ? []
      : [...new Set(rows.map((r) => r.post.originalPostId).filter((x): x is string => !!x))];

  const [extras, originalRows] = await Promise.all([
    extrasStatement(db, perPost).execute({
      viewer: viewerId,
      ids: rows.map((r) => r.post.id),
    }) as Promise<PageExtras[]>,
    visibleRowsByIds(db, viewerId, originalIds),
  ]);
  const byId = new Map(extras.map((e) => [e.id, e]));
  const originals = new Map(
    (
      await presentPosts(db, viewerId, originalRows, {
        commentsPerPost: 0,
        resolveOriginals: false,
      })
    ).map((p) => [p._id, p]),
  );

  return rows.map((r): PostView => {
    const p = r.post;
    const extra = byId.get(p.id);
    return {
      _id: p.id,
      postid: p.id,
      post: p.text,
      image: p.image,
      date: p.createdAt.toISOString(),
      updatedAt: p.updatedAt?.toISOString() ?? null,
      username: r.authorName,
      profileimage: r.authorImage,
      userImage: r.authorImage,
      postOwner: p.authorId,
      userid: p.authorId,
      profileOwner: p.profileOwnerId,
      profileOwnerUsername: r.ownerName,
      type: p.type === "share" ? "share" : "post",
      shareCaption: p.shareCaption,
      originalPost: p.originalPostId,
      originalResolved: p.originalPostId ? (originals.get(p.originalPostId) ?? null) : null,
      likes: (extra?.likes ?? []).map((l) => ({ user: l.user, date: iso(l.date) ?? l.date })),
      likeCount: p.likeCount,
      likedByMe: !!extra?.liked,
      comments:
        perPost > 0
          ? (extra?.comments ?? []).map((c) => ({
              ...c,
              date: iso(c.date) ?? c.date,
              updatedAt: iso(c.updatedAt),
            }))
          : [],
      commentCount: p.commentCount,
      reportedByMe: !!extra?.reported,
      music: p.type === "share" ? null : findMusicLink(p.text),
    };
  });
}
