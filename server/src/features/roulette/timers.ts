import { CHAT_NAMESPACE, ROULETTE_SERVER_EVENTS as OUT, ROULETTE_LIMITS } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { defineService } from "../../platform/services.ts";
import { advanceDue, nextDueAt } from "./advance.ts";
import { playersOf } from "./rounds.ts";

export const ROULETTE_ROUND_JOB = "roulette: advance the round";

/**
 * The sweep's period: a round due while the app was down, or whose instance died before its
 * wake-up, waits at most this (the instance that opened betting or spun wakes on time).
 */
const SWEEP_INTERVAL_MS = 2_000;

/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The roulette's timers on one instance (the coin flip's pattern): the round and its due times are
 * in the database; this only decides when to look. One sweep at a time (one asked for while one
 * runs waits and runs once after it); a wake-up at the nearest due time this instance knows of,
 * beside the locked job's sweep every 2 s. Also coalesces `roulette-players-update`: at most one
 * per `playersUpdateMs` from this instance, read from the database when sent. Stopped with the app.
 */
export class RouletteTimers {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private last: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private stopped = false;
  private playersTimer: NodeJS.Timeout | null = null;
  private playersRounds = new Set<string>();
  private playersSending: Promise<void> = Promise.resolve();

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

  /** Does what is due now, then sets the wake-up for the next due time. */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.queued) return this.queued;
    const run = this.last.then(async () => {
      this.queued = null;
      if (this.stopped) return;
      try {
        await advanceDue(this.ctx);
        const next = await nextDueAt(this.ctx);
        if (next) this.wake(next);
      } catch (err) {
        this.ctx.log.warn({ err }, "roulette: advancing the round failed");
      }
    });
    this.queued = run;
    this.last = run;
    return run;
  }

  /** The round's players changed: the room hears it within `playersUpdateMs`, once. */
  readonly playersChanged = (roundId: string): void => {
    if (this.stopped) return;
    this.playersRounds.add(roundId);
    if (this.playersTimer) return;
    this.playersTimer = setTimeout(() => {
      this.playersTimer = null;
      this.playersSending = this.flushPlayers();
    }, ROULETTE_LIMITS.playersUpdateMs);
    this.playersTimer.unref();
  };

  /** Sends the pending players updates now (the timer's work; tests may call it). */
  async flushPlayers(): Promise<void> {
    const rounds = [...this.playersRounds];
    this.playersRounds.clear();
    for (const roundId of rounds) {
      try {
        const players = await playersOf(this.ctx.db, roundId);
        this.ctx.realtime.publish(
          OUT.playersUpdate,
          { roundId, players },
          { all: true, namespace: CHAT_NAMESPACE },
        );
      } catch (err) {
        this.ctx.log.warn({ err }, "roulette: players update failed");
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.playersTimer) clearTimeout(this.playersTimer);
    this.timer = null;
    this.playersTimer = null;
    await this.last;
    await this.playersSending;
  }
}

export const rouletteTimersService = defineService(
  "roulette timers",
  (ctx) => new RouletteTimers(ctx),
);

/**
 * Every 2 s and at the start, on one instance at a time (README, "Background jobs"): the round's
 * loop. Each move is also conditional on the round's status, so the sweep meeting an instance's
 * wake-up, or another instance's sweep after a restart, never moves a round twice.
 */
export const rouletteRoundJob = defineJob({
  name: ROULETTE_ROUND_JOB,
  every: SWEEP_INTERVAL_MS,
  lock: true,
  run: (ctx) => ctx.services.get(rouletteTimersService).sweep(),
});
