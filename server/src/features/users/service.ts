import {
  AUTH_MESSAGES,
  type BasicUser,
  type HeartbeatAnswer,
  type UpdateProfileData,
  USER_LIMITS,
  USER_MESSAGES,
  type UserData,
  type UserProfile,
} from "@airwave/contracts";
import { and, asc, desc, eq, gt, inArray, ne, not, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import { notFound } from "../../platform/errors.ts";
import { posts } from "../posts/schema.ts";
import { relationBetween, relationColumns, relationFrom } from "../social/public.ts";
import { blocks, followRequests, follows } from "../social/schema.ts";
import {
  accountBanActiveSql,
  basicUserColumns,
  byRefIdFirst,
  findUserById,
  memberByRef,
} from "./lookup.ts";
import { assertMayViewMember, usersPolicy } from "./policy.ts";
import { presentBasicUser, presentProfile, presentPublicUser, presentSelf } from "./present.ts";
import { type UserRow, users } from "./schema.ts";

/** Members whose account ban is not in force. */
const notBanned = not(accountBanActiveSql);

/** Members who have not blocked the viewer (search and presence leave blockers out). */
const notBlocking = (viewerId: string) =>
  sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${viewerId})`;

async function listBasicUsers(
  db: DbOrTx,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
): Promise<BasicUser[]> {
  const rows = await db
    .select(basicUserColumns)
    .from(users)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(presentBasicUser);
}

/**
 * `assertMayViewMember` for another feature's read of member `memberId`'s things (their tracks…): throws
 * the profile's refusal; answers null when there is no such member (the read answers that its way).
 */
export async function visibleMember(
  ctx: AppContext,
  viewer: UserRow,
  memberId: string,
): Promise<UserRow | null> {
  const member = await findUserById(ctx.db, memberId);
  if (!member) return null;
  assertMayViewMember(viewer, member, await relationBetween(ctx.db, viewer.id, member.id));
  return member;
}

/**
 * GET /userdata?id: oneself in full; another member's public data, details only if visible. A
 * member whose profile is closed to the viewer (`assertMayViewMember`) answers as the profile does.
 */
export async function getUserData(
  ctx: AppContext,
  viewer: UserRow,
  input: { id?: string },
): Promise<UserData> {
  if (!input.id || input.id === viewer.id) return presentSelf(viewer);
  const user = await findUserById(ctx.db, input.id);
  if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
  const rel = assertMayViewMember(viewer, user, await relationBetween(ctx.db, viewer.id, user.id));
  return presentPublicUser(user, { details: usersPolicy.viewContent(viewer, user, rel) });
}

/** A profile's counts as SQL columns for a member `target` (SQL of their id). */
const profileCountColumns = (target: SQL) => ({
  followers: sql<number>`(select count(*) from ${follows} where ${follows.followedId} = ${target})::int`,
  following: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = ${target})::int`,
  // Photos: the member's own posts with an image (shares are not theirs).
  photos: sql<number>`(select count(*) from ${posts} where ${posts.authorId} = ${target} and ${posts.type} = 'post' and coalesce(${posts.image}, '') <> '')::int`,
});

/**
 * A profile's member (by id, else by username in any case) with the viewer's relation to them and
 * the profile's counts, in one prepared statement: this runs on every profile view.
 */
async function profileWithFacts(db: DbOrTx, viewerId: string, ref: string) {
  const viewer = sql.placeholder("viewer");
  const byRef = sql.placeholder("ref");
  // Qualified: drizzle writes a lone column of the selected table without its table's name, which
  // inside the subqueries would mean the subquery's own column.
  const member = sql.raw('"users"."id"');
  const statement = prepared(db, "users_profile_view", (name) =>
    db
      .select({
        member: users,
        ...relationColumns(viewer, member),
        ...profileCountColumns(member),
      })
      .from(users)
      .where(memberByRef(byRef))
      .orderBy(byRefIdFirst(byRef))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ viewer: viewerId, ref });
  return row;
}

async function pendingRequesters(db: DbOrTx, targetId: string): Promise<BasicUser[]> {
  const rows = await db
    .select(basicUserColumns)
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .where(eq(followRequests.targetId, targetId))
    .orderBy(desc(followRequests.createdAt));
  return rows.map(presentBasicUser);
}

/**
 * GET /getUserProfileData?id (a user id or a username, any case; absent = oneself). A banned
 * member's profile is closed except to staff, a blocker's profile is closed to the blocked; a
 * private profile seen by a non-follower (or a profile the viewer blocked) is `limited`.
 */
export async function getUserProfile(
  ctx: AppContext,
  viewer: UserRow,
  input: { id?: string },
): Promise<UserProfile> {
  const row = await profileWithFacts(ctx.db, viewer.id, input.id ?? viewer.id);
  if (!row) throw notFound(USER_MESSAGES.userNotFound);
  const { member, followers, following, photos } = row;
  const rel = assertMayViewMember(viewer, member, relationFrom(row, member.id === viewer.id));

  const limited = !usersPolicy.viewContent(viewer, member, rel);
  const { self: _self, ...relation } = rel;
  return presentProfile(member, {
    counts: { followers, following, photos },
    relation,
    limited,
    message: limited ? usersPolicy.limitedNotice(member, rel) : undefined,
    followRequests: usersPolicy.viewFollowRequests(rel)
      ? await pendingRequesters(ctx.db, member.id)
      : undefined,
  });
}

/** POST /updateProfile: the session's own profile only (a `userid` in the body is ignored). */
export async function updateProfile(
  ctx: AppContext,
  actor: UserRow,
  input: UpdateProfileData,
): Promise<UserData> {
  const { userid: _ignored, ...fields } = input;
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<Omit<UpdateProfileData, "userid">>;
  if (Object.keys(changes).length === 0) {
    return presentSelf((await findUserById(ctx.db, actor.id)) ?? actor);
  }
  const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, actor.id)).returning();
  return presentSelf(row ?? actor);
}

/** POST /namTagStyling: the session's own chat name tag. */
export async function setNameTagStyling(
  ctx: AppContext,
  actor: UserRow,
  input: { nameTagStyling: Record<string, unknown> },
): Promise<UserData> {
  const [row] = await ctx.db
    .update(users)
    .set({ nameTagStyling: input.nameTagStyling })
    .where(eq(users.id, actor.id))
    .returning();
  return presentSelf(row ?? actor);
}

/** GET /basicUsers?ids=a,b: the members found, in the order asked. */
export async function getBasicUsers(
  ctx: AppContext,
  _viewer: UserRow,
  input: { ids: string[] },
): Promise<BasicUser[]> {
  if (input.ids.length === 0) return [];
  const rows = await ctx.db
    .select(basicUserColumns)
    .from(users)
    .where(inArray(users.id, input.ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return input.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentBasicUser(row)] : [];
  });
}

/** GET /getUsers: members, newest first (banned accounts left out). */
export const listUsers = (ctx: AppContext, _viewer: UserRow) =>
  listBasicUsers(
    ctx.db,
    notBanned,
    [desc(users.createdAt), desc(users.id)],
    USER_LIMITS.usersListMax,
  );

/** GET /getDjUsers: DJs by name (banned accounts left out). */
export const listDjUsers = (ctx: AppContext, _viewer: UserRow) =>
  listBasicUsers(
    ctx.db,
    and(eq(users.isDj, true), notBanned),
    [sql`lower(${users.username})`],
    USER_LIMITS.usersListMax,
  );

/** `%` and `_` are wildcards of LIKE and `_` is common in usernames: match them literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /searchUsers?q: usernames containing q (any case), prefix matches first. Never oneself, a
 * banned account, or a member who blocks the viewer.
 */
export function searchUsers(ctx: AppContext, viewer: UserRow, input: { q: string }) {
  const needle = escapeLike(input.q.toLowerCase());
  const name = sql`lower(${users.username})`;
  return listBasicUsers(
    ctx.db,
    and(
      sql`${name} like ${`%${needle}%`}`,
      ne(users.id, viewer.id),
      notBanned,
      notBlocking(viewer.id),
    ),
    [sql`${name} like ${`${needle}%`} desc`, sql`length(${users.username})`, name],
    USER_LIMITS.searchMaxResults,
  );
}

/** POST /users/heartbeat: the member is online now. */
export async function heartbeat(ctx: AppContext, actor: UserRow): Promise<HeartbeatAnswer> {
  const now = new Date();
  await ctx.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, actor.id));
  return { ok: true, lastSeenAt: now.toISOString() };
}

/** GET /users/online: members whose last heartbeat is within the presence window, latest first. */
export function onlineUsers(ctx: AppContext, viewer: UserRow) {
  const since = new Date(Date.now() - USER_LIMITS.onlineWindowMs);
  return listBasicUsers(
    ctx.db,
    and(gt(users.lastSeenAt, since), notBanned, notBlocking(viewer.id)),
    [desc(users.lastSeenAt), asc(users.id)],
    USER_LIMITS.usersListMax,
  );
}

/** GET /users/recent?limit: the newest members. */
export function recentUsers(ctx: AppContext, viewer: UserRow, input: { limit: number }) {
  return listBasicUsers(
    ctx.db,
    and(notBanned, notBlocking(viewer.id)),
    [desc(users.createdAt), desc(users.id)],
    input.limit,
  );
}
