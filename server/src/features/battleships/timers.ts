import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { nextDueAt, settleDue } from "./ending.ts";

export const BATTLESHIPS_SWEEP_JOB = "battleships: expire offers and end abandoned games";

/**
 * Battleships' due work (offers expiring, games whose player left or missed their turn ending,
 * offers and games stopped at the points freeze and the month's start): swept every 2 s on one
 * instance at a time, and moved on time by the wake-up of the instance where an offer is made, a
 * turn starts or a player leaves (../../platform/jobs/due-work.ts). The job keeps its first name
 * (it names the job's lock and its `job_runs` row).
 */
export const { service: battleshipsTimersService, job: battleshipsSweepJob } = defineDueWork({
  job: BATTLESHIPS_SWEEP_JOB,
  settle: settleDue,
  nextDueAt,
});
