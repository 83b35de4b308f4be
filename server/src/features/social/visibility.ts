import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import type { UserRow } from "../users/schema.ts";
import { blocks, followRequests, follows } from "./schema.ts";

/** How the viewer stands to another member: the facts every visibility rule is made of. */
export interface Relation {
  self: boolean;
  isFollowing: boolean;
  followsMe: boolean;
  blockedByMe: boolean;
  hasBlockedMe: boolean;
  requestedByMe: boolean;
  hasRequestedToFollowMe: boolean;
}

type Ref = SQL | Placeholder;

/**
 * The relation facts as SQL columns between the viewer and a target (SQL or placeholders of
 * their ids; a column from the outer query must be written with its table's name), for a statement's select: `relationFrom` turns its row into a `Relation`.
 */
export const relationColumns = (viewer: Ref, target: Ref) => {
  const pair = (a: Ref, b: Ref) => sql`(${a}::text, ${b}::text)`;
  return {
    isFollowing: sql<boolean>`exists(select 1 from ${follows} where (${follows.followerId}, ${follows.followedId}) = ${pair(viewer, target)})`,
    followsMe: sql<boolean>`exists(select 1 from ${follows} where (${follows.followerId}, ${follows.followedId}) = ${pair(target, viewer)})`,
    blockedByMe: sql<boolean>`exists(select 1 from ${blocks} where (${blocks.blockerId}, ${blocks.blockedId}) = ${pair(viewer, target)})`,
    hasBlockedMe: sql<boolean>`exists(select 1 from ${blocks} where (${blocks.blockerId}, ${blocks.blockedId}) = ${pair(target, viewer)})`,
    requestedByMe: sql<boolean>`exists(select 1 from ${followRequests} where (${followRequests.requesterId}, ${followRequests.targetId}) = ${pair(viewer, target)})`,
    hasRequestedToFollowMe: sql<boolean>`exists(select 1 from ${followRequests} where (${followRequests.requesterId}, ${followRequests.targetId}) = ${pair(target, viewer)})`,
  };
};

/** A `Relation` from a row with the `relationColumns`; oneself has no relation but `self`. */
export function relationFrom(row: Partial<Omit<Relation, "self">> | undefined, self: boolean) {
  const fact = (v: boolean | undefined) => !self && !!v;
  return {
    self,
    isFollowing: fact(row?.isFollowing),
    followsMe: fact(row?.followsMe),
    blockedByMe: fact(row?.blockedByMe),
    hasBlockedMe: fact(row?.hasBlockedMe),
    requestedByMe: fact(row?.requestedByMe),
    hasRequestedToFollowMe: fact(row?.hasRequestedToFollowMe),
  };
}

/** How the viewer stands to another member, in one prepared statement. */
export async function relationBetween(
  db: DbOrTx,
  viewerId: string,
  targetId: string,
): Promise<Relation> {
  if (viewerId === targetId) return relationFrom(undefined, true);
  const statement = prepared(db, "social_relation", (name) =>
    db
      .select(relationColumns(sql.placeholder("viewer"), sql.placeholder("target")))
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  const [row] = await statement.execute({ viewer: viewerId, target: targetId });
  return relationFrom(row, false);
}

export const isBlockedEitherWay = (r: Relation) => r.blockedByMe || r.hasBlockedMe;

/**
 * Does what `sender` says reach the viewer (a private message, a mention)? Not across a block in
 * either direction. Its SQL twin, `hearsSql`, also takes the time something was said: a block
 * hides what is said while it stands, not what was said before it.
 */
export const hears = (r: Relation): boolean => r.self || !isBlockedEitherWay(r);

/**
 * May the viewer see the member's posts, followers, following and photos? (decisions: Social)
 * Not across a block; a private profile only to itself and accepted followers.
 * Its SQL twin is `contentVisibleSql` just below; visibility.parity.test.ts runs both on one table.
 */
export function canSeeContent(target: Pick<UserRow, "isPrivate">, r: Relation): boolean {
  if (r.self) return true;
  if (isBlockedEitherWay(r)) return false;
  return !target.isPrivate || r.isFollowing;
}

/** SQL: a block in either direction between `a` and `b` (ids as SQL, columns or placeholders): `isBlockedEitherWay`. */
const blockedEitherWaySql = (a: Ref, b: Ref) =>
  sql<boolean>`exists (select 1 from blocks vis_b
    where (vis_b.blocker_id = ${a} and vis_b.blocked_id = ${b}) or (vis_b.blocker_id = ${b} and vis_b.blocked_id = ${a}))`;

/**
 * `hears` in SQL: the viewer hears what `sender` said at time `at` unless a block between the two,
 * in either direction, stood then (made at or before `at`). A sender that is gone (null) is heard.
 */
export const hearsSql = (viewer: Ref, sender: Ref, at: Ref) =>
  sql<boolean>`not exists (select 1 from blocks vis_h
    where ((vis_h.blocker_id = ${viewer} and vis_h.blocked_id = ${sender})
        or (vis_h.blocker_id = ${sender} and vis_h.blocked_id = ${viewer}))
      and vis_h.created_at <= ${at})`;

/** Whether two of these members block one another (either way), in one statement. */
export async function anyBlockAmong(db: DbOrTx, memberIds: string[]): Promise<boolean> {
  if (memberIds.length < 2) return false;
  const ids = sql.join(
    memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await db
    .select({ yes: sql<boolean>`true` })
    .from(blocks)
    .where(sql`${blocks.blockerId} in (${ids}) and ${blocks.blockedId} in (${ids})`)
    .limit(1);
  return !!row;
}

/**
 * `canSeeContent` in SQL, for statements that build their answer in the database: the viewer may see
 * the content of the member with id `member.id` and privacy `member.isPrivate` (SQL expressions).
 */
export const contentVisibleSql = (viewer: Ref, member: { id: Ref; isPrivate: Ref }) =>
  sql<boolean>`(${member.id} = ${viewer} or (not ${blockedEitherWaySql(viewer, member.id)}
    and (not ${member.isPrivate}
      or exists (select 1 from follows vis_f where vis_f.follower_id = ${viewer} and vis_f.followed_id = ${member.id}))))`;
