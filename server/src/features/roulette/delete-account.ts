import type { AccountDeletionStep } from "../../platform/feature.ts";
import { rouletteBets } from "./schema.ts";

/**
 * Roulette in an account deletion: the member's bets go with their row (ON DELETE CASCADE), and
 * their ledger with it (their stake included); a round in play settles without them. Rounds
 * reference no member.
 */
export const rouletteAccountDeletion: AccountDeletionStep = {
  tables: [rouletteBets],
};
