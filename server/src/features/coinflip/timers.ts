import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { nextDueAt, settleDue } from "./service.ts";

export const COINFLIP_SETTLE_JOB = "coinflip: settle due offers";

/**
 * The coin flip's due work (offers expiring, accepted flips settling): swept every 2 s on one
 * instance at a time (work due while the app was down, or whose instance died before its wake-up,
 * waits at most this), and settled on time by the wake-up of the instance where an offer is made or
 * accepted.
 */
const coinflipDueWork = defineDueWork({
  service: "coinflip timers",
  job: COINFLIP_SETTLE_JOB,
  every: 2_000,
  settle: settleDue,
  nextDueAt,
  failure: "coinflip: settling due offers failed",
});

export const coinflipTimersService = coinflipDueWork.service;
export const coinflipSettleJob = coinflipDueWork.job;
