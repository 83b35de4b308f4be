import { and, eq, inArray } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { CURRENT_STATUSES } from "./rounds.ts";
import { rouletteBets, rouletteRounds } from "./schema.ts";
import { roulettePlayersService } from "./timers.ts";

/**
 * Roulette in an account deletion: the member's bets go with their row (ON DELETE CASCADE), and
 * their ledger with it (their stake included), so the round settles without them and its nets still
 * sum to zero. The room's players list of the current round drops them (`roulette-players-update`).
 * Rounds reference no member.
 */
export const rouletteAccountDeletion: AccountDeletionStep = {
  tables: [rouletteBets],
  async inTransaction(ctx, tx, { userId, afterCommit }) {
    const [playing] = await tx
      .selectDistinct({ roundId: rouletteBets.roundId })
      .from(rouletteBets)
      .innerJoin(rouletteRounds, eq(rouletteRounds.id, rouletteBets.roundId))
      .where(
        and(eq(rouletteBets.userId, userId), inArray(rouletteRounds.status, [...CURRENT_STATUSES])),
      );
    if (playing)
      afterCommit(() => ctx.services.get(roulettePlayersService).changed(playing.roundId));
  },
};
