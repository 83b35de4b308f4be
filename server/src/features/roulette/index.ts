import type { Feature } from "../../platform/feature.ts";
import { rouletteChat } from "./chat.ts";
import { rouletteAccountDeletion } from "./delete-account.ts";
import { roulettePlayersService, rouletteRoundJob, rouletteTimersService } from "./timers.ts";

/**
 * Roulette (issue 17): one shared, provably fair round for the room, held in the database and
 * moved by the locked sweep job and each instance's wake-up; stakes and payouts through the points
 * ledger; a round cut off by a restart refunds its stakes.
 */
export const rouletteFeature: Feature = {
  name: "roulette",
  chat: rouletteChat,
  jobs: [rouletteRoundJob],
  services: [rouletteTimersService, roulettePlayersService],
  deleteAccount: rouletteAccountDeletion,
};
