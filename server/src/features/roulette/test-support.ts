import {
  numberFromSeed,
  payout,
  type RouletteBet,
  type RouletteResult,
  seedCommitment,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { pointsLedger } from "../points/schema.ts";
import { rouletteRounds } from "./schema.ts";

/** What the roulette's server tests share (no test framework here: the tests assert). */

/** The house's net and each member's ledger net for a round, with its ledger rows. */
export async function roundNets(ctx: AppContext, roundId: string) {
  const [round] = await ctx.db.select().from(rouletteRounds).where(eq(rouletteRounds.id, roundId));
  const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.reference, roundId));
  const players = new Map<string, number>();
  for (const r of rows) players.set(r.userId, (players.get(r.userId) ?? 0) + r.delta);
  return { round, rows, houseNet: round?.houseNet ?? null, players };
}

/** What a member's bets pay back on `n` (stake included). */
export const paidBack = (bets: readonly RouletteBet[], n: number) =>
  bets.reduce((sum, b) => sum + payout(b, n), 0);

/** A result checked as a client would: the seed hashes to the commitment and draws the number. */
export async function verifies(result: Pick<RouletteResult, "seed" | "seedHash" | "number">) {
  return (
    (await seedCommitment(result.seed)) === result.seedHash &&
    (await numberFromSeed(result.seed)) === result.number
  );
}
