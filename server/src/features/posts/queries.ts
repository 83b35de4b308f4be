import { and, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
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

/** Cursor of a post in newest-first order: its time and id. */
export const encodeCursor = (p: { createdAt: Date; id: string }) =>
  `${p.createdAt.toISOString()}|${p.id}`;

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = cursor.split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime())) return null;
  return { at: date, id };
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

const viewer = sql.placeholder("viewer");
const cursorAt = sql.placeholder("cursorAt");
const cursorId = sql.placeholder("cursorId");
const owner = sql.placeholder("owner");

const beforeCursor = or(
  sql`${posts.createdAt} < ${cursorAt}::timestamptz`,
  and(sql`${posts.createdAt} = ${cursorAt}::timestamptz`, sql`${posts.id} < ${cursorId}`),
);

/**
 * A page of posts newest first, as a prepared statement per (kind, page size, first page or not):
 * the page size is a literal so PostgreSQL's cached plan walks the (created_at, id) index.
 */
function pageStatement(db: DbOrTx, kind: "feed" | "profile", limit: number, withCursor: boolean) {
  return prepared(db, `posts_${kind}_${limit}_${withCursor ? "c" : "f"}`, (name) =>
    selectPosts(db)
      .where(
        and(
          kind === "profile" ? sql`${posts.profileOwnerId} = ${owner}` : undefined,
          postVisibleTo(viewer as unknown as string),
          withCursor ? beforeCursor : undefined,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .prepare(name),
  );
}

function cursorParams(cursor: string | undefined) {
  const c = decodeCursor(cursor);
  return c ? { cursorAt: c.at.toISOString(), cursorId: c.id } : {};
}

/** The news feed (decisions: Social): newest first, everything the viewer may see. */
export function feedRows(
  db: DbOrTx,
  viewerId: string,
  cursor: string | undefined,
  limit: number,
): Promise<PostRow[]> {
  const params = cursorParams(cursor);
  return pageStatement(db, "feed", limit, "cursorAt" in params).execute({
    viewer: viewerId,
    ...params,
  });
}

/** The posts on one member's profile page (already checked: the viewer may see that member's content). */
export function profileRows(
  db: DbOrTx,
  viewerId: string,
  ownerId: string,
  cursor: string | undefined,
  limit: number,
): Promise<PostRow[]> {
  const params = cursorParams(cursor);
  return pageStatement(db, "profile", limit, "cursorAt" in params).execute({
    viewer: viewerId,
    owner: ownerId,
    ...params,
  });
}

/** Posts by id, each only if the viewer may see it. */
export function visibleRowsByIds(db: DbOrTx, viewerId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as PostRow[]);
  return selectPosts(db).where(and(inArray(posts.id, ids), postVisibleTo(viewerId)));
}
