import {
  pointsPeriod,
  SCOREBOARD_LIMITS,
  SCOREBOARD_MESSAGES,
  type ScoreboardAnswer,
} from "@airwave/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { forbidden } from "../../platform/errors.ts";
import { users } from "../users/schema.ts";
import { pointsLedger, pointsMembers } from "./schema.ts";

/**
 * The monthly scoreboard (decisions "Points, votes and games"): members ranked by their points of
 * the station month `now` is in, best first, members marked `excludeFromScoreboard` left out, and
 * members without points this month (everyone on the 1st) absent. Ties go to whoever got there
 * first (the earlier last change of the month), then to the user id, so the order never wobbles.
 *
 * One query. It starts from `points_members` (every change of a member's points holds their row
 * there, so every member with a ledger row has one) and sums each member's rows of the month through
 * the ledger's (user_id, created_at) index: no scan of earlier months' history.
 *
 * `search` keeps the members whose username contains it (any case), each with their place in the
 * whole scoreboard. Answers at most `limit` entries.
 */
export async function readScoreboard(
  db: DbOrTx,
  now: Date,
  timeZone: string,
  options: { search?: string; limit?: number } = {},
): Promise<ScoreboardAnswer> {
  const { start, end } = pointsPeriod(now, timeZone);
  const limit = options.limit ?? SCOREBOARD_LIMITS.size;
  const search = options.search ? options.search.toLowerCase() : null;
  const l = pointsLedger;
  const m = pointsMembers;
  const result = (await db.execute(sql`
    with month as (
      select ${m.userId} as user_id, s.score, s.last_at
      from ${m}
      cross join lateral (
        select coalesce(sum(${l.delta}), 0)::bigint as score, max(${l.createdAt}) as last_at
        from ${l}
        where ${l.userId} = ${m.userId}
          and ${l.createdAt} >= ${start.toISOString()}::timestamptz
          and ${l.createdAt} < ${end.toISOString()}::timestamptz
      ) s
      where not ${m.excludeFromScoreboard} and s.score > 0
    ), ranked as (
      select user_id, score,
        row_number() over (order by score desc, last_at asc, user_id asc) as rank
      from month
    )
    select r.user_id as "id", ${users.username} as "username", ${users.profileimage} as "profileimage",
      r.score as "score", r.rank as "rank"
    from ranked r
    join ${users} on ${users.id} = r.user_id
    where ${search}::text is null or strpos(lower(${users.username}), ${search}::text) > 0
    order by r.rank
    limit ${limit}
  `)) as unknown as {
    rows: { id: string; username: string; profileimage: string; score: string; rank: string }[];
  };
  return result.rows.map((r) => ({
    _id: r.id,
    username: r.username,
    profileimage: r.profileimage,
    score: Number(r.score),
    rank: Number(r.rank),
  }));
}

/** The member at the top of this month's scoreboard, or null (nobody has points yet). */
export async function topMemberId(db: DbOrTx, now: Date, timeZone: string) {
  const [top] = await readScoreboard(db, now, timeZone, { limit: 1 });
  return top?._id ?? null;
}

/**
 * GET /scoreboard: the top member plus the next 49, or the members matching a username search;
 * the search is closed in the month-end freeze (decisions), the list is not.
 */
export async function scoreboard(ctx: AppContext, search: string | undefined) {
  const now = ctx.clock.now();
  const timeZone = ctx.config.STATION_TIMEZONE;
  if (search && pointsPeriod(now, timeZone).frozen) {
    throw forbidden(SCOREBOARD_MESSAGES.searchClosed);
  }
  return readScoreboard(ctx.db, now, timeZone, { search });
}
