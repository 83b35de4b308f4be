import type { Feature } from "../../platform/feature.ts";
import { coinflipChat } from "./chat.ts";
import { coinflipOffers } from "./schema.ts";
import { coinflipSettleJob, coinflipTimersService } from "./timers.ts";

/**
 * Coin flip (issue 16): offers, acceptances, expiry refunds and the settlement, held in the
 * database and settled by the sweep job and each instance's wake-up. A deleted account's offers go
 * with it (ON DELETE CASCADE).
 */
export const coinflipFeature: Feature = {
  name: "coinflip",
  chat: coinflipChat,
  jobs: [coinflipSettleJob],
  services: [coinflipTimersService],
  deleteAccount: { tables: [coinflipOffers] },
};
