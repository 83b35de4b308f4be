import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { defineService } from "../../platform/services.ts";
import { nextDueAt, settleDue } from "./ending.ts";

export const BATTLESHIPS_SWEEP_JOB = "battleships: expire offers and end abandoned games";

/**
 * The sweep's period: work due while the app was down, or whose instance died before its wake-up,
 * waits at most this (an instance's own games are moved on time by its wake-up).
 */
const SWEEP_INTERVAL_MS = 2_000;

/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Battleships' timers on one instance (as the coin flip's): the games and their due times are in
 * the database; this
 * only decides when to look. One sweep at a time (a sweep asked for while one runs waits for it and
 * runs once after it); a wake-up at the nearest due time this instance knows of (set after an offer
 * is made or a player leaves here, and after each sweep from the database), beside the job's sweep every
 * 2 s and at the start. Stopped with the app: the wake-up cleared, the sweep in progress awaited.
 */
export class BattleshipsTimers {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private last: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /** Something is due at `at` (by the app's clock): wake then, unless an earlier wake-up is set. */
  readonly wake = (at: Date): void => {
    if (this.stopped || (this.timer && at.getTime() >= this.wakeAt)) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at.getTime();
    const delay = Math.min(
      MAX_DELAY_MS,
      Math.max(0, at.getTime() - this.ctx.clock.now().getTime()),
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      void this.sweep();
    }, delay);
    this.timer.unref();
  };

  /** Settles what is due now, then sets the wake-up for the next due time. */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.queued) return this.queued;
    const run = this.last.then(async () => {
      this.queued = null;
      if (this.stopped) return;
      try {
        await settleDue(this.ctx);
        const next = await nextDueAt(this.ctx);
        if (next) this.wake(next);
      } catch (err) {
        this.ctx.log.warn({ err }, "battleships: settling due games failed");
      }
    });
    this.queued = run;
    this.last = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.last;
  }
}

export const battleshipsTimersService = defineService(
  "battleships timers",
  (ctx) => new BattleshipsTimers(ctx),
);

/**
 * Every 2 s and at the start, on one instance at a time (README, "Background jobs"). Each move is
 * also conditional on the game's state, so the sweep meeting an instance's wake-up, or another
 * instance's sweep after a restart, never moves one game twice.
 */
export const battleshipsSweepJob = defineJob({
  name: BATTLESHIPS_SWEEP_JOB,
  every: SWEEP_INTERVAL_MS,
  lock: true,
  run: (ctx) => ctx.services.get(battleshipsTimersService).sweep(),
});
