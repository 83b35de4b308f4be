import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { nextDueAt, settleDue } from "./ending.ts";

export const BATTLESHIPS_SWEEP_JOB = "battleships: expire offers and end abandoned games";

/**
 * Battleships' due work (offers expiring, games whose player left ending): swept every 2 s on one
 * instance at a time, and moved on time by the wake-up of the instance where an offer is made or a
 * player leaves (../../platform/jobs/due-work.ts).
 */
export const { service: battleshipsTimersService, job: battleshipsSweepJob } = defineDueWork({
  job: BATTLESHIPS_SWEEP_JOB,
  settle: settleDue,
  nextDueAt,
});
