import {
  DJ_VOTE_LIMITS,
  DJ_VOTE_MESSAGES,
  type DjVotesAnswer,
  pointsPeriod,
  type TopDjAnswer,
  type VoteDjAnswer,
} from "@airwave/contracts";
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { AppError, badRequest, notFound } from "../../platform/errors.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { accountBanActiveSql } from "../users/lookup.ts";
import { type UserRow, users } from "../users/schema.ts";
import { djVotes } from "./schema.ts";

/**
 * DJ votes (decisions "Points, votes and games"): the only place that writes `dj_votes`. The month
 * and its freeze are the points' (`pointsPeriod`), in the station's time zone.
 */

/** Told after a vote has committed (the chat room refreshes its Top DJ flags). */
export type VoteCast = () => unknown;

/** A DJ who can be voted for: `isDj` and no account ban in force. */
const votableDj = sql<boolean>`(${users.isDj} and not (${accountBanActiveSql}))`;

/**
 * The Top DJ of `month`: the votable DJ with the most votes; between equals, the one who reached
 * the count first. Null when nobody has a vote.
 */
export async function topDjOf(db: DbOrTx, month: string): Promise<string | null> {
  const votes = count(djVotes.id);
  const [top] = await db
    .select({ djId: djVotes.djId })
    .from(djVotes)
    .innerJoin(users, eq(users.id, djVotes.djId))
    .where(and(eq(djVotes.month, month), votableDj))
    .groupBy(djVotes.djId)
    .orderBy(desc(votes), asc(max(djVotes.createdAt)), asc(djVotes.djId))
    .limit(1);
  return top?.djId ?? null;
}

/** The Top DJ of the station month `now` is in. */
export const topDjAt = (ctx: AppContext, now: Date) =>
  topDjOf(ctx.db, pointsPeriod(now, ctx.config.STATION_TIMEZONE).month);

/**
 * GET /djVotes/top (chat spec 7, the top DJ lookup): this station month's Top DJ (`topDjOf`) with
 * name, picture and vote count, or null while no votable DJ has a vote.
 */
export async function topDjAnswer(ctx: AppContext): Promise<TopDjAnswer> {
  const { month } = pointsPeriod(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
  const djId = await topDjOf(ctx.db, month);
  if (!djId) return { topDj: null };
  const [dj] = await ctx.db
    .select({ username: users.username, profileimage: users.profileimage })
    .from(users)
    .where(eq(users.id, djId));
  const [tally] = await ctx.db
    .select({ n: count() })
    .from(djVotes)
    .where(and(eq(djVotes.djId, djId), eq(djVotes.month, month)));
  if (!dj || !tally?.n) return { topDj: null };
  return { topDj: { dj: dj.username, djId, profileimage: dj.profileimage, votes: tally.n } };
}

/** Ids in PostgreSQL's order of `text` ids (uuids: the same in every collation). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /djVotes: every votable DJ with this month's voters (one id per vote), in the Top DJ's order:
 * most votes first, between equals the one who reached the count first, then by name. The first
 * entry with votes is the Top DJ of the Month (`topDjOf`).
 */
export async function listDjVotes(ctx: AppContext): Promise<DjVotesAnswer> {
  const { month } = pointsPeriod(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
  const djs = await ctx.db
    .select({ id: users.id, username: users.username, profileimage: users.profileimage })
    .from(users)
    .where(votableDj);
  if (djs.length === 0) return [];
  const votes = await ctx.db
    .select({ djId: djVotes.djId, voterId: djVotes.voterId, at: djVotes.createdAt })
    .from(djVotes)
    .where(eq(djVotes.month, month))
    .orderBy(asc(djVotes.createdAt), asc(djVotes.id));
  const votersOf = new Map<string, string[]>();
  const reachedAt = new Map<string, number>();
  for (const v of votes) {
    votersOf.set(v.djId, [...(votersOf.get(v.djId) ?? []), v.voterId]);
    reachedAt.set(v.djId, v.at.getTime());
  }
  return djs
    .map((dj) => ({
      entry: {
        dj: dj.username,
        djId: dj.id,
        votes: votersOf.get(dj.id) ?? [],
        profileimage: dj.profileimage,
      },
      reached: reachedAt.get(dj.id) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.entry.votes.length - a.entry.votes.length ||
        a.reached - b.reached ||
        (a.entry.votes.length > 0 ? byId(a.entry.djId, b.entry.djId) : 0) ||
        a.entry.dj.toLowerCase().localeCompare(b.entry.dj.toLowerCase()) ||
        byId(a.entry.djId, b.entry.djId),
    )
    .map(({ entry }) => entry);
}

/**
 * POST /voteDj: one of the member's 2 votes of this month for a DJ (by name, any case), never
 * themselves, refused during the freeze. The vote takes the member's first free slot of the month:
 * each slot is one insert that the unique (voter, month, slot) decides, so two votes racing (on one
 * instance or two) take slots 1 and 2, and a third finds none.
 */
export async function voteDj(
  ctx: AppContext,
  actor: UserRow,
  djName: string,
  onVote?: VoteCast,
): Promise<VoteDjAnswer> {
  const now = ctx.clock.now();
  const period = pointsPeriod(now, ctx.config.STATION_TIMEZONE);
  if (period.frozen) throw new AppError(409, DJ_VOTE_MESSAGES.votingClosed);
  const [dj] = await ctx.db
    .select({ id: users.id, votable: votableDj })
    .from(users)
    .where(eq(sql`lower(${users.username})`, djName.toLowerCase()));
  if (dj?.id === actor.id) throw badRequest(DJ_VOTE_MESSAGES.notYourself);
  if (!dj?.votable) throw notFound(DJ_VOTE_MESSAGES.notADj);
  return transaction(ctx, async (tx, afterCommit) => {
    for (let slot = 1; slot <= DJ_VOTE_LIMITS.votesPerMonth; slot++) {
      const taken = await tx
        .insert(djVotes)
        .values({
          id: orderedUuid(now.getTime()),
          voterId: actor.id,
          djId: dj.id,
          month: period.month,
          slot,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [djVotes.voterId, djVotes.month, djVotes.slot] })
        .returning({ id: djVotes.id });
      if (taken.length === 0) continue;
      const [used] = await tx
        .select({ n: count() })
        .from(djVotes)
        .where(and(eq(djVotes.voterId, actor.id), eq(djVotes.month, period.month)));
      if (onVote) afterCommit(onVote);
      return {
        message: DJ_VOTE_MESSAGES.voted,
        votesLeft: Math.max(0, DJ_VOTE_LIMITS.votesPerMonth - (used?.n ?? 0)),
      };
    }
    throw new AppError(409, DJ_VOTE_MESSAGES.noVotesLeft);
  });
}
