import { createHash, randomBytes } from "node:crypto";
import {
  numberFromSeed,
  ROULETTE_LIMITS,
  type RouletteBet,
  type RouletteHistoryEntry,
  type RoulettePlayer,
  type RouletteState,
  type RouletteStatus,
  type Sha256,
} from "@airwave/contracts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { orderedUuid } from "../../platform/ordered-id.ts";
import { users } from "../users/schema.ts";
import { rouletteBets, rouletteRounds } from "./schema.ts";

/**
 * The round's records as the rest of the feature reads them: the current round (made when there is
 * none), its players, the revealed history, and the state a client is sent.
 */

export type RoundRow = typeof rouletteRounds.$inferSelect;
export type BetRow = typeof rouletteBets.$inferSelect;

/** The statuses of the room's current round (at most one row holds one of them). */
export const CURRENT_STATUSES = ["waiting", "betting", "spinning", "finished"] as const;

/** The server's SHA-256 (the browser uses Web Crypto's; both give the same bytes). */
export const nodeSha256: Sha256 = async (data) => createHash("sha256").update(data).digest();

export const seedHashOf = (seed: string) => createHash("sha256").update(seed).digest("hex");

/** The round's timings: the spec's, unless the configuration shortens them (tests). */
export function timings(ctx: AppContext) {
  return {
    bettingMs: ctx.config.ROULETTE_BETTING_MS ?? ROULETTE_LIMITS.bettingMs,
    spinMs: ctx.config.ROULETTE_SPIN_MS ?? ROULETTE_LIMITS.spinMs,
    resetMs: ctx.config.ROULETTE_RESET_MS ?? ROULETTE_LIMITS.resetMs,
  };
}

export async function currentRound(db: DbOrTx): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(rouletteRounds)
    .where(inArray(rouletteRounds.status, [...CURRENT_STATUSES]));
  return row;
}

/**
 * A new round in waiting, its seed drawn from the cryptographic generator and its commitment set,
 * unless a current round exists (the unique index: two instances making one at once make one).
 * Answers the row when this call made it.
 */
export async function openNewRound(ctx: AppContext): Promise<RoundRow | undefined> {
  const now = ctx.clock.now();
  const seed = randomBytes(32).toString("hex");
  const [row] = await ctx.db
    .insert(rouletteRounds)
    .values({
      id: orderedUuid(now.getTime()),
      status: "waiting",
      seed,
      seedHash: seedHashOf(seed),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The current round, made when there is none. */
export async function ensureRound(ctx: AppContext): Promise<RoundRow> {
  const found = await currentRound(ctx.db);
  if (found) return found;
  const made = await openNewRound(ctx);
  if (made) return made;
  const again = await currentRound(ctx.db);
  if (!again) throw new Error("no current roulette round");
  return again;
}

export const drawNumber = (seed: string) => numberFromSeed(seed, nodeSha256);

/** The round's players with their total bets, the biggest first. */
export async function playersOf(db: DbOrTx, roundId: string): Promise<RoulettePlayer[]> {
  const rows = await db
    .select({
      userId: rouletteBets.userId,
      username: users.username,
      profileimage: users.profileimage,
      totalBet: sql<number>`sum(${rouletteBets.amount})::int`,
    })
    .from(rouletteBets)
    .innerJoin(users, eq(users.id, rouletteBets.userId))
    .where(eq(rouletteBets.roundId, roundId))
    .groupBy(rouletteBets.userId, users.username, users.profileimage)
    .orderBy(desc(sql`sum(${rouletteBets.amount})`), asc(users.username));
  return rows.map((p) => ({ ...p, totalBet: Number(p.totalBet) }));
}

/** A stored bet as the contract's bet. */
export function betOf(row: Pick<BetRow, "type" | "value" | "amount">): RouletteBet {
  const numeric = row.type === "number" || row.type === "column" || row.type === "dozen";
  return {
    type: row.type,
    value: numeric ? Number(row.value) : row.value,
    amount: row.amount,
  } as RouletteBet;
}

export async function betsOf(db: DbOrTx, roundId: string, userId: string) {
  const rows = await db
    .select()
    .from(rouletteBets)
    .where(and(eq(rouletteBets.roundId, roundId), eq(rouletteBets.userId, userId)))
    .orderBy(asc(rouletteBets.createdAt), asc(rouletteBets.id));
  return rows.map(betOf);
}

/** The last finished rounds, newest first, with their seeds revealed. */
export async function historyOf(db: DbOrTx): Promise<RouletteHistoryEntry[]> {
  const rows = await db
    .select()
    .from(rouletteRounds)
    .where(inArray(rouletteRounds.status, ["finished", "closed"]))
    .orderBy(desc(rouletteRounds.finishedAt))
    .limit(ROULETTE_LIMITS.historySize);
  return rows.flatMap((r) =>
    r.number === null || !r.finishedAt
      ? []
      : [
          {
            roundId: r.id,
            number: r.number,
            seed: r.seed,
            seedHash: r.seedHash,
            finishedAt: r.finishedAt.toISOString(),
          },
        ],
  );
}

/** What a client is sent of the round: never the seed before the result. */
export async function stateOf(
  db: DbOrTx,
  round: RoundRow,
  memberId?: string,
): Promise<RouletteState> {
  const revealed = round.status === "finished";
  return {
    roundId: round.id,
    status: round.status as RouletteStatus,
    seedHash: round.seedHash,
    bettingEndsAt: round.bettingEndsAt?.toISOString() ?? null,
    resultAt: round.resultAt?.toISOString() ?? null,
    resetAt: round.resetAt?.toISOString() ?? null,
    number: round.status === "spinning" || revealed ? round.number : null,
    seed: revealed ? round.seed : null,
    players: await playersOf(db, round.id),
    history: await historyOf(db),
    yourBets: memberId ? await betsOf(db, round.id, memberId) : [],
  };
}
