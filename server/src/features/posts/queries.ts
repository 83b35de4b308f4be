import { and, eq, inArray, type Placeholder, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../platform/db/index.ts";
import { canSeeContent, isBlockedEitherWay, type Relation } from "../social/public.ts";
import { users } from "../users/schema.ts";
import { posts } from "./schema.ts";

export const authors = alias(users, "author");
export const owners = alias(users, "owner");

/** The columns every post view is built from: the post, its author and its profile owner. */
const postRowSelection = {
  post: posts,
  authorName: authors.username,
  authorImage: authors.profileimage,
  authorRole: authors.role,
  ownerName: owners.username,
};

export type PostRow = {
  post: typeof posts.$inferSelect;
  authorName: string;
  authorImage: string;
  authorRole: string;
  ownerName: string;
};

/** A cursor's time is kept as text: PostgreSQL's microseconds must survive the round trip. */
export function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = cursor.split("|");
  if (
    !at ||
    !id ||
    !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) ||
    Number.isNaN(new Date(at).getTime())
  )
    return null;
  return { at, id };
}

/**
 * The one visibility rule for posts (decisions: Social), as SQL over a post `p` (a table alias):
 * the page owner's content is visible to the viewer (self, public, or followed), nobody involved
 * blocks the viewer or is blocked by them, and the author is not banned. The owner's privacy and the
 * author's ban are read from the post's own copies (`owner_private`, `author_banned`, kept by the
 * database's triggers), so the rule needs no join with users.
 * `viewer` is a user id or a prepared statement's placeholder.
 */
export const postVisibility = (p: string, viewer: string | Placeholder) => {
  const post = sql.raw(p);
  return sql`(
  not ${post}.author_banned
  and (not ${post}.owner_private or ${post}.profile_owner_id = ${viewer}
    or exists (select 1 from follows f where f.follower_id = ${viewer} and f.followed_id = ${post}.profile_owner_id))
  and not exists (select 1 from blocks b
    where (b.blocker_id = ${viewer} and b.blocked_id in (${post}.author_id, ${post}.profile_owner_id))
       or (b.blocked_id = ${viewer} and b.blocker_id in (${post}.author_id, ${post}.profile_owner_id))))`;
};

/**
 * `postVisibility` in TypeScript, its twin: the author is not banned (the post's copy), the page
 * owner's content is visible to the viewer (`canSeeContent` over the post's privacy copy), and no
 * block stands between the viewer and the author. The SQL keeps its own form (one index probe of
 * blocks for both people, on the feed's hot path); visibility.parity.test.ts checks both agree on a
 * table of viewer, owner and author fixtures.
 */
export function canSeePost(
  post: Pick<typeof posts.$inferSelect, "authorBanned" | "ownerPrivate">,
  toOwner: Relation,
  toAuthor: Relation,
): boolean {
  return (
    !post.authorBanned &&
    canSeeContent({ isPrivate: post.ownerPrivate }, toOwner) &&
    !isBlockedEitherWay(toAuthor)
  );
}

/** A post the viewer may see, for queries over `posts`. */
const postVisibleTo = (viewerId: string) => postVisibility("posts", viewerId);

function selectPosts(db: DbOrTx) {
  return db
    .select(postRowSelection)
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .innerJoin(owners, eq(owners.id, posts.profileOwnerId));
}

/** Posts by id, each only if the viewer may see it. */
export function visibleRowsByIds(db: DbOrTx, viewerId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as PostRow[]);
  return selectPosts(db).where(and(inArray(posts.id, ids), postVisibleTo(viewerId)));
}
