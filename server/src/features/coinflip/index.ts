import type { Feature } from "../../platform/feature.ts";
import { coinflipChat } from "./chat.ts";
import { coinflipAccountDeletion } from "./delete-account.ts";
import { coinflipFeedService } from "./feed.ts";
import { coinflipSettleJob, coinflipTimersService } from "./timers.ts";

/**
 * Coin flip (issue 16): offers, acceptances, expiry refunds and the settlement, held in the
 * database and settled by the sweep job and each instance's wake-up. A deleted account's offers go
 * with it; the other player of an accepted flip gets their stake back.
 */
export const coinflipFeature: Feature = {
  name: "coinflip",
  chat: coinflipChat,
  jobs: [coinflipSettleJob],
  services: [coinflipFeedService, coinflipTimersService],
  deleteAccount: coinflipAccountDeletion,
};
