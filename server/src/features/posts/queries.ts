import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../platform/db/index.ts";
import { blocks, follows } from "../social/schema.ts";
import { users } from "../users/schema.ts";
import { posts } from "./schema.ts";

export const authors = alias(users, "author");
export const owners = alias(users, "owner");

/** The columns every post view is built from: the post, its author and its profile owner. */
export const postRowSelection = {
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

/** Neither member blocks the other (`viewerId` and the SQL column of the other member). */
export const notBlocked = (viewerId: string, other: SQL | AnyPgColumn) =>
  sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${other}) or (${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${viewerId}))`;

/** The viewer may see the content of the member in column `member`: self, public, or followed. */
const contentVisible = (viewerId: string, member: { id: AnyPgColumn; isPrivate: AnyPgColumn }) =>
  sql`(${member.id} = ${viewerId} or ${member.isPrivate} = false or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followedId} = ${member.id}))`;

/** A post the viewer may see: author and page owner visible to them, nobody blocked, no banned author. */
export const postVisibleTo = (viewerId: string) =>
  and(
    contentVisible(viewerId, owners),
    notBlocked(viewerId, posts.authorId),
    notBlocked(viewerId, posts.profileOwnerId),
    sql`lower(${authors.role}) <> 'banned'`,
  );

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
