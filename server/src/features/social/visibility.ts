import { and, eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
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

export async function relationBetween(
  db: DbOrTx,
  viewerId: string,
  targetId: string,
): Promise<Relation> {
  if (viewerId === targetId) {
    return {
      self: true,
      isFollowing: false,
      followsMe: false,
      blockedByMe: false,
      hasBlockedMe: false,
      requestedByMe: false,
      hasRequestedToFollowMe: false,
    };
  }
  const pair = (a: string, b: string) => sql`(${a}::text, ${b}::text)`;
  const [row] = await db
    .select({
      isFollowing: sql<boolean>`exists(select 1 from ${follows} where (${follows.followerId}, ${follows.followedId}) = ${pair(viewerId, targetId)})`,
      followsMe: sql<boolean>`exists(select 1 from ${follows} where (${follows.followerId}, ${follows.followedId}) = ${pair(targetId, viewerId)})`,
      blockedByMe: sql<boolean>`exists(select 1 from ${blocks} where (${blocks.blockerId}, ${blocks.blockedId}) = ${pair(viewerId, targetId)})`,
      hasBlockedMe: sql<boolean>`exists(select 1 from ${blocks} where (${blocks.blockerId}, ${blocks.blockedId}) = ${pair(targetId, viewerId)})`,
      requestedByMe: sql<boolean>`exists(select 1 from ${followRequests} where (${followRequests.requesterId}, ${followRequests.targetId}) = ${pair(viewerId, targetId)})`,
      hasRequestedToFollowMe: sql<boolean>`exists(select 1 from ${followRequests} where (${followRequests.requesterId}, ${followRequests.targetId}) = ${pair(targetId, viewerId)})`,
    })
    .from(sql`(select 1) as one`);
  return {
    self: false,
    isFollowing: !!row?.isFollowing,
    followsMe: !!row?.followsMe,
    blockedByMe: !!row?.blockedByMe,
    hasBlockedMe: !!row?.hasBlockedMe,
    requestedByMe: !!row?.requestedByMe,
    hasRequestedToFollowMe: !!row?.hasRequestedToFollowMe,
  };
}

export const isBlockedEitherWay = (r: Relation) => r.blockedByMe || r.hasBlockedMe;

/**
 * May the viewer see the member's posts, followers, following and photos? (decisions: Social)
 * Not across a block; a private profile only to itself and accepted followers.
 */
export function canSeeContent(target: Pick<UserRow, "isPrivate">, r: Relation): boolean {
  if (r.self) return true;
  if (isBlockedEitherWay(r)) return false;
  return !target.isPrivate || r.isFollowing;
}

/** A block in either direction between two members, as a single query (posts, messages). */
export async function blockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
