import type { AppContext } from "../context.ts";
import { defineService, type ServiceKey } from "../services.ts";
import { defineJob, type JobDefinition } from "./index.ts";

/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** What the timers need of the app's context: its clock and its log. */
export type DueWorkContext = Pick<AppContext, "clock" | "log">;

/** Work whose due times live in the database: how to do what is due, and when it is next due. */
export interface DueWorkSpec<C extends DueWorkContext = AppContext> {
  /** Does what is due at the context's clock now (each move conditional, so safe to repeat). */
  settle: (ctx: C) => Promise<unknown>;
  /** The nearest due time in the database, or null when nothing waits. */
  nextDueAt: (ctx: C) => Promise<Date | null>;
  /** Logged (warn) with the error when a sweep fails. */
  failure: string;
  /**
   * A wake-up comes at least this long (ms, real time) after the last sweep began, so work falling
   * due close together (a busy room's flips, each due at its own millisecond) is done in one batch
   * rather than one sweep each; the price is at most this much lateness. 0: none.
   */
  gatherMs?: number;
}

/**
 * The due work's timers on one instance: the work and its due times are in the database; this
 * only decides when to look. One sweep at a time (a sweep asked for while one runs waits for it and
 * runs once after it); a wake-up at the nearest due time this instance knows of (`wake`, told by the
 * feature after a commit that set a due time, and after each sweep from the database), beside a job's
 * sweep. Stopped with the app: the wake-up cleared, the sweep in progress awaited.
 */
export class DueWorkTimers<C extends DueWorkContext = AppContext> {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private last: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private stopped = false;
  /** When the last sweep began (performance.now()). */
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ctx: C,
    private readonly work: DueWorkSpec<C>,
  ) {}

  /** Something is due at `at` (by the app's clock): wake then, unless an earlier wake-up is set. */
  readonly wake = (at: Date): void => {
    if (this.stopped || (this.timer && at.getTime() >= this.wakeAt)) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at.getTime();
    const gathered = this.sweptAt + (this.work.gatherMs ?? 0) - performance.now();
    const delay = Math.min(
      MAX_DELAY_MS,
      Math.max(0, at.getTime() - this.ctx.clock.now().getTime(), gathered),
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
      this.sweptAt = performance.now();
      try {
        await this.work.settle(this.ctx);
        const next = await this.work.nextDueAt(this.ctx);
        if (next) this.wake(next);
      } catch (err) {
        this.ctx.log.warn({ err }, this.work.failure);
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

/** A feature's due work: the per-instance timers (a service) and the locked sweep job. */
export interface DueWork {
  service: ServiceKey<DueWorkTimers>;
  job: JobDefinition;
}

/** The sweep's period: work due while the app was down, or whose instance died before its wake-up, waits at most this. */
export const DUE_WORK_SWEEP_MS = 2_000;

/**
 * Due work kept in the database: one `DueWorkTimers` per instance (a service, "<job> timers") and
 * the locked job `job` sweeping every 2 s and at the start, on one instance at a time (docs/developing.md,
 * "Background jobs"). Each move of `settle` is conditional on the state it expects, so the sweep
 * meeting an instance's wake-up, or another instance's sweep after a restart, never does one thing
 * twice. A failed sweep is logged as "<job>: sweep failed".
 */
export function defineDueWork({
  job: name,
  ...spec
}: Omit<DueWorkSpec, "failure"> & { job: string }): DueWork {
  const work = { ...spec, failure: `${name}: sweep failed` };
  const service = defineService(`${name} timers`, (ctx) => new DueWorkTimers(ctx, work));
  const job = defineJob({
    name,
    every: DUE_WORK_SWEEP_MS,
    lock: true,
    run: (ctx) => ctx.services.get(service).sweep(),
  });
  return { service, job };
}

/** The earliest of `times` that are dates (an aggregate's null or a missing row counts as none), or null. */
export function earliest(times: readonly unknown[]): Date | null {
  const dates = times.filter((t): t is Date => t instanceof Date);
  if (dates.length === 0) return null;
  return new Date(Math.min(...dates.map((t) => t.getTime())));
}

/**
 * Does the due work a batch at a time: `read` answers at most `batch` due rows, `move` moves them
 * and answers how many it moved. Stops at a short batch, or at a batch of which nothing moved (a
 * full batch another instance took entirely is not read again: it is being done there). Answers how
 * many moved in all.
 */
export async function settleInBatches<T>(
  batch: number,
  read: (limit: number) => Promise<T[]>,
  move: (due: T[]) => Promise<number>,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const due = await read(batch);
    const movedNow = await move(due);
    moved += movedNow;
    if (due.length < batch || movedNow === 0) return moved;
  }
}
