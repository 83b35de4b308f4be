import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { nextDueAt, settleDue } from "./service.ts";

export const COINFLIP_SETTLE_JOB = "coinflip: settle due offers";

/**
 * The coin flip's due work (offers expiring, accepted flips settling): swept every 2 s on one
 * instance at a time, and settled on time by the wake-up of the instance where an offer is made or
 * accepted (../../platform/jobs/due-work.ts).
 */
export const { service: coinflipTimersService, job: coinflipSettleJob } = defineDueWork({
  job: COINFLIP_SETTLE_JOB,
  settle: settleDue,
  nextDueAt,
  // Flips due within 100 ms of each other settle in one batch (a result at most 0.1 s later).
  gatherMs: 100,
});
