import { defineDueWork } from "../../platform/jobs/due-work.ts";
import { nextDueAt, settleDue } from "./ending.ts";

export const BATTLESHIPS_SWEEP_JOB = "battleships: expire offers and end abandoned games";

/**
 * Battleships' due work (offers expiring, games whose player left ending): swept every 2 s on one
 * instance at a time (work due while the app was down, or whose instance died before its wake-up,
 * waits at most this), and moved on time by the wake-up of the instance where an offer is made or
 * a player leaves.
 */
const battleshipsDueWork = defineDueWork({
  service: "battleships timers",
  job: BATTLESHIPS_SWEEP_JOB,
  every: 2_000,
  settle: settleDue,
  nextDueAt,
  failure: "battleships: settling due games failed",
});

export const battleshipsTimersService = battleshipsDueWork.service;
export const battleshipsSweepJob = battleshipsDueWork.job;
