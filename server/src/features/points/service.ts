import {
  type AdminPointsAnswer,
  type AdminUserPoints,
  type MyPointsAnswer,
  POINTS_LIMITS,
  POINTS_MESSAGES,
  POINTS_REASONS,
  pointsPeriod,
  stationDate,
} from "@airwave/contracts";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { authorize } from "../../platform/authorize.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx, Tx } from "../../platform/db/index.ts";
import { type AfterCommit, transaction } from "../../platform/db/transaction.ts";
import { notFound } from "../../platform/errors.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { type UserRow, users } from "../users/schema.ts";
import { refreshRoomPoints } from "./chat.ts";
import { pointsPolicy } from "./policy.ts";
import { pointsLedger, pointsMembers } from "./schema.ts";

/**
 * The points ledger's logic (decisions "Points, votes and games"): the only place that writes the
 * feature's tables. Every change of a member's points is one ledger row written in a transaction
 * that holds the member's `points_members` row, so two changes of one member never interleave.
 */

type Actor = UserRow;

/** Told after a change of a member's points has committed (the chat room refreshes its view). */
export type PointsChanged = (userId: string, points: number) => unknown;

/** A member's points at `now`: the sum of the ledger rows of the station month `now` is in. */
export async function pointsAt(
  db: DbOrTx,
  userId: string,
  now: Date,
  timeZone: string,
): Promise<number> {
  const { start, end } = pointsPeriod(now, timeZone);
  const [row] = await db
    .select({ points: sql<string>`coalesce(sum(${pointsLedger.delta}), 0)::bigint` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, userId),
        gte(pointsLedger.createdAt, start),
        lt(pointsLedger.createdAt, end),
      ),
    );
  return Number(row?.points ?? 0);
}

/** Several members' points at `now` in one query (members without a row this month: absent). */
export async function pointsOfMany(
  db: DbOrTx,
  userIds: string[],
  now: Date,
  timeZone: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { start, end } = pointsPeriod(now, timeZone);
  const rows = await db
    .select({
      userId: pointsLedger.userId,
      points: sql<string>`coalesce(sum(${pointsLedger.delta}), 0)::bigint`,
    })
    .from(pointsLedger)
    .where(
      and(
        inArray(pointsLedger.userId, userIds),
        gte(pointsLedger.createdAt, start),
        lt(pointsLedger.createdAt, end),
      ),
    )
    .groupBy(pointsLedger.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.points)]));
}

/** The member's own points now (GET /me/points). */
export async function myPoints(ctx: AppContext, actor: Actor): Promise<MyPointsAnswer> {
  const [points, [member]] = await Promise.all([
    pointsAt(ctx.db, actor.id, ctx.clock.now(), ctx.config.STATION_TIMEZONE),
    ctx.db
      .select({ excluded: pointsMembers.excludeFromScoreboard })
      .from(pointsMembers)
      .where(eq(pointsMembers.userId, actor.id)),
  ]);
  return member?.excluded ? { points, excludedFromScoreboard: true } : { points };
}

/**
 * The reward for a chat message (decisions: +1, at most one rewarded message per 15 s, at most 100
 * points a day from chat, nothing during the freeze). Whether the message earns is decided by one
 * conditional upsert of the member's row, which PostgreSQL runs under that row's lock: two messages
 * racing (on one instance or two) cannot both pass the spacing or the daily count. Answers the
 * member's points after the reward, or null when the message earned nothing.
 */
export async function earnForChatMessage(
  ctx: AppContext,
  userId: string,
  messageId: string,
  onChange?: PointsChanged,
): Promise<number | null> {
  const now = ctx.clock.now();
  const timeZone = ctx.config.STATION_TIMEZONE;
  if (pointsPeriod(now, timeZone).frozen) return null;
  const day = stationDate(now, timeZone);
  const spacedSince = new Date(now.getTime() - POINTS_LIMITS.earnSpacingMs);
  return transaction(ctx, async (tx, afterCommit) => {
    const won = await tx
      .insert(pointsMembers)
      .values({ userId, lastEarnedAt: now, earnedDay: day, earnedToday: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: pointsMembers.userId,
        set: {
          earnedToday: sql`case when ${pointsMembers.earnedDay} = excluded.earned_day then ${pointsMembers.earnedToday} + 1 else 1 end`,
          earnedDay: sql`excluded.earned_day`,
          lastEarnedAt: sql`excluded.last_earned_at`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${pointsMembers.lastEarnedAt} is null or ${pointsMembers.lastEarnedAt} <= ${spacedSince.toISOString()}::timestamptz)
          and (${pointsMembers.earnedDay} is distinct from excluded.earned_day or ${pointsMembers.earnedToday} < ${POINTS_LIMITS.earnPerDayMax})`,
      })
      .returning({ userId: pointsMembers.userId });
    if (won.length === 0) return null;
    return record(ctx, tx, afterCommit, {
      userId,
      delta: POINTS_LIMITS.earnPerMessage,
      reason: POINTS_REASONS.chat,
      reference: messageId,
      now,
      onChange,
    });
  });
}

/** Writes one ledger row and answers the member's points after it (in the same transaction). */
async function record(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  change: {
    userId: string;
    delta: number;
    reason: string;
    reference: string | null;
    now: Date;
    onChange?: PointsChanged;
  },
): Promise<number> {
  const { userId, delta, reason, reference, now, onChange } = change;
  if (delta !== 0) {
    await tx.insert(pointsLedger).values({
      id: orderedUuid(now.getTime()),
      userId,
      delta,
      reason,
      reference,
      createdAt: now,
    });
  }
  const points = await pointsAt(tx, userId, now, ctx.config.STATION_TIMEZONE);
  if (onChange) afterCommit(() => onChange(userId, points));
  return points;
}

/** A game's move of a member's points: its points before and after, or a refusal. */
export type GamePointsMove =
  | { ok: true; before: number; after: number }
  | { ok: false; before: number };

/**
 * A game moves a member's points inside its own transaction (a stake, a refund, a win): takes the
 * member's points row (held to the transaction's end, so the member's other changes wait), refuses
 * to take more than the member has (nothing written, `ok: false`), writes one ledger row with the
 * game's reason and reference, and answers the points before and after. A move of 0 only locks and
 * reads. The room's view of the member follows once the transaction has committed. A game moving
 * two members' points calls this in the order of their ids, so two games never deadlock.
 */
export async function moveGamePoints(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  move: { userId: string; delta: number; reason: string; reference: string; now: Date },
): Promise<GamePointsMove> {
  const { userId, delta, reason, reference, now } = move;
  await lockMember(tx, userId);
  const before = await pointsAt(tx, userId, now, ctx.config.STATION_TIMEZONE);
  if (delta < 0 && before < -delta) return { ok: false, before };
  const after = await record(ctx, tx, afterCommit, {
    userId,
    delta,
    reason,
    reference,
    now,
    onChange: delta === 0 ? undefined : refreshRoomPoints(ctx),
  });
  return { ok: true, before, after };
}

/**
 * Takes the member's points row (made on first use) with a lock held to the transaction's end;
 * 404 when there is no such member.
 */
async function lockMember(tx: Tx, userId: string) {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("share");
  if (!member) throw notFound(POINTS_MESSAGES.userNotFound);
  await tx.insert(pointsMembers).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ excludeFromScoreboard: pointsMembers.excludeFromScoreboard })
    .from(pointsMembers)
    .where(eq(pointsMembers.userId, userId))
    .for("update");
  return row ?? { excludeFromScoreboard: false };
}

/** A member's points and scoreboard exclusion, for the admin's user dialog. */
export async function memberPoints(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<AdminUserPoints> {
  authorize(pointsPolicy, "readMemberPoints", actor);
  const [member] = await ctx.db
    .select({ id: users.id, exclude: pointsMembers.excludeFromScoreboard })
    .from(users)
    .leftJoin(pointsMembers, eq(pointsMembers.userId, users.id))
    .where(eq(users.id, userId));
  if (!member) throw notFound(POINTS_MESSAGES.userNotFound);
  return {
    userId,
    points: await pointsAt(ctx.db, userId, ctx.clock.now(), ctx.config.STATION_TIMEZONE),
    excludeFromScoreboard: member.exclude ?? false,
  };
}

/**
 * An admin grants (delta > 0) or removes (delta < 0) points (admin spec; decisions: admin grants
 * still apply during the freeze). Points never go below 0: a removal larger than the member's points
 * takes them to 0, and the ledger records what was taken.
 */
export async function grantPoints(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  delta: number,
  onChange?: PointsChanged,
): Promise<AdminPointsAnswer> {
  authorize(pointsPolicy, "grantPoints", actor);
  const now = ctx.clock.now();
  return transaction(ctx, async (tx, afterCommit) => {
    const { excludeFromScoreboard } = await lockMember(tx, userId);
    const before = await pointsAt(tx, userId, now, ctx.config.STATION_TIMEZONE);
    const applied = delta < 0 ? -Math.min(-delta, before) : delta;
    const points = await record(ctx, tx, afterCommit, {
      userId,
      delta: applied,
      reason: POINTS_REASONS.admin,
      reference: actor.id,
      now,
      onChange,
    });
    const message =
      applied === delta
        ? POINTS_MESSAGES.pointsUpdated
        : POINTS_MESSAGES.pointsRemovedPartly(-applied);
    return { message, userId, points, excludeFromScoreboard };
  });
}

/** An admin excludes a member from the scoreboard, or includes them again (admin spec). */
export async function setScoreboardExclusion(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  excludeFromScoreboard: boolean,
): Promise<AdminPointsAnswer> {
  authorize(pointsPolicy, "setScoreboardExclusion", actor);
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    await lockMember(tx, userId);
    await tx
      .update(pointsMembers)
      .set({ excludeFromScoreboard, updatedAt: now })
      .where(eq(pointsMembers.userId, userId));
    return {
      message: POINTS_MESSAGES.scoreboardUpdated,
      userId,
      points: await pointsAt(tx, userId, now, ctx.config.STATION_TIMEZONE),
      excludeFromScoreboard,
    };
  });
}

/**
 * A game holds the points rows of the members it moves (one or a batch of them) in the order of
 * their ids (the order every other change takes them in, so no two transactions deadlock) and
 * answers each member's points before (0 for a member with no ledger row this month). Members
 * without an account are left out of the answer. One statement takes the locks when the rows exist
 * (the usual case; a member's first change makes theirs); the points are read after the locks are
 * held, so no change of theirs can come in between.
 */
export async function holdMembers(
  ctx: AppContext,
  tx: Tx,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return new Map();
  const lock = () =>
    tx
      .select({ userId: pointsMembers.userId })
      .from(pointsMembers)
      .where(inArray(pointsMembers.userId, ids))
      .orderBy(pointsMembers.userId)
      .for("update");
  let held = await lock();
  if (held.length < ids.length) {
    // Rows made for members who have an account (a deleted account's ids make none).
    await tx.execute(
      sql`insert into ${pointsMembers} (user_id) select ${users.id} from ${users}
          where ${inArray(users.id, ids)} order by ${users.id} on conflict do nothing`,
    );
    held = await lock();
  }
  const present = held.map((r) => r.userId);
  if (present.length === 0) return new Map();
  const points = await pointsOfMany(tx, present, now, ctx.config.STATION_TIMEZONE);
  return new Map(present.map((id) => [id, points.get(id) ?? 0]));
}

/** One ledger row of a game's batch. */
export interface GameLedgerRow {
  userId: string;
  delta: number;
  reason: string;
  reference: string;
}

/**
 * Writes a batch of a game's ledger rows in one statement, inside the transaction that holds the
 * members' points rows (`held`: their points before, from `holdMembers`); the game has checked that
 * no balance goes below 0. Answers the points after of each member whose points changed (what was
 * held plus the rows: nothing else can change them while held); the room's view of them follows
 * once the transaction has committed.
 */
export async function recordGameRows(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  held: ReadonlyMap<string, number>,
  rows: readonly GameLedgerRow[],
  now: Date,
): Promise<Map<string, number>> {
  const moving = rows.filter((r) => r.delta !== 0);
  const after = new Map<string, number>();
  if (moving.length === 0) return after;
  for (const r of moving) {
    if (!held.has(r.userId)) throw new Error(`points of ${r.userId} moved without being held`);
    after.set(r.userId, (after.get(r.userId) ?? held.get(r.userId) ?? 0) + r.delta);
  }
  await tx.insert(pointsLedger).values(
    moving.map((r) => ({
      id: orderedUuid(now.getTime()),
      userId: r.userId,
      delta: r.delta,
      reason: r.reason,
      reference: r.reference,
      createdAt: now,
    })),
  );
  const refresh = refreshRoomPoints(ctx);
  afterCommit(async () => {
    for (const [userId, points] of after) await refresh(userId, points);
  });
  return after;
}
