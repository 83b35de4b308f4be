import type { Feature } from "../../platform/feature.ts";
import { battleshipsChat } from "./chat.ts";
import { battleshipsAccountDeletion } from "./delete-account.ts";
import { battleshipsSweepJob, battleshipsTimersService } from "./timers.ts";

/**
 * Battleships (issue 17): offers, games with server-held fleets, shots, expiry refunds and the
 * disconnect rule, held in the database and moved by the sweep job and each instance's wake-up.
 * A deleted account's games go with it; the other player of a game in play gets their stake back.
 */
export const battleshipsFeature: Feature = {
  name: "battleships",
  chat: battleshipsChat,
  jobs: [battleshipsSweepJob],
  services: [battleshipsTimersService],
  deleteAccount: battleshipsAccountDeletion,
};
