import { sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { jobRuns } from "./schema.ts";

export interface JobDefinition {
  /** Unique; also names the job's advisory lock and its `job_runs` row. */
  name: string;
  /** Milliseconds between runs (the first run is at start). */
  every: number;
  /**
   * true: one instance at a time does the work, once per `every` across every instance sharing the
   * database (PostgreSQL advisory lock + `job_runs`). false: every instance runs it on its own.
   */
  lock: boolean;
  run: (ctx: AppContext) => Promise<void>;
}

/** A background job, run by the app's job runner (`createJobRunner`). */
export const defineJob = (job: JobDefinition): JobDefinition => job;

export interface JobRunner {
  /** Runs every job once now (awaited), then each every `every` ms (timers never keep the process alive). */
  start(): Promise<void>;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
  /**
   * Runs the job `name` now, after a run of it in progress ends; a locked job still takes its lock
   * but does not wait for its period (tests). Answers whether the work ran (false: another instance
   * held the lock, or the run failed and was logged).
   */
  runOnce(name: string): Promise<boolean>;
}

/**
 * A run counts as due a little before `every` has fully passed since the last one, so an instance's
 * own timer (which fires `every` after its previous tick, give or take milliseconds) never skips.
 */
const DUE_FRACTION = 0.9;

/**
 * Claims this period's run of a locked job: in one short transaction, the job's transaction-level
 * advisory lock (a second instance trying at the same moment gets `false` at once and skips), then
 * `job_runs.last_run_at` moved to `now` only when the last run is older than the period (an
 * instance that gets the lock just after another's claim finds the fresh row and skips). The work
 * runs after the commit, outside the transaction: PGlite has one connection and an open transaction
 * there would block every other query the job makes.
 */
async function claimRun(ctx: AppContext, job: JobDefinition, force: boolean): Promise<boolean> {
  const now = ctx.clock.now();
  const dueBefore = new Date(now.getTime() - job.every * DUE_FRACTION);
  return ctx.db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`airwave:job:${job.name}`}, 0)) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return false;
    const claimed = await tx
      .insert(jobRuns)
      .values({ name: job.name, lastRunAt: now, ranBy: ctx.instanceId })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { lastRunAt: now, ranBy: ctx.instanceId },
        setWhere: force ? undefined : sql`${jobRuns.lastRunAt} <= ${dueBefore.toISOString()}`,
      })
      .returning({ name: jobRuns.name });
    return claimed.length > 0;
  });
}

/**
 * The runner of one app instance: `jobs` come from outside the platform (`server/src/jobs.ts`), so
 * the platform never imports a feature. A job never overlaps itself on one instance (a timer tick
 * during a run is skipped); a failed run is logged and tried again at the next tick. Across
 * instances a locked job runs once per period; a run longer than its period could meet the next
 * period's run on another instance, so jobs are written to be safe to repeat (deletes of what is due).
 */
export function createJobRunner(ctx: AppContext, jobs: readonly JobDefinition[]): JobRunner {
  const byName = new Map<string, JobDefinition>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`two jobs named ${job.name}`);
    byName.set(job.name, job);
  }
  const running = new Map<string, Promise<boolean>>();
  let timers: NodeJS.Timeout[] = [];

  async function execute(job: JobDefinition, force: boolean): Promise<boolean> {
    try {
      if (job.lock && !(await claimRun(ctx, job, force))) return false;
      await job.run(ctx);
      return true;
    } catch (err) {
      ctx.log.warn({ err, job: job.name }, `job ${job.name} failed`);
      return false;
    }
  }

  function track(job: JobDefinition, run: Promise<boolean>): Promise<boolean> {
    const tracked = run.finally(() => {
      if (running.get(job.name) === tracked) running.delete(job.name);
    });
    running.set(job.name, tracked);
    return tracked;
  }

  /** A timer's run: skipped while the previous one is still going. */
  const tick = (job: JobDefinition) => running.get(job.name) ?? track(job, execute(job, false));

  return {
    async start() {
      await Promise.all(jobs.map(tick));
      if (timers.length) return;
      timers = jobs.map((job) => setInterval(() => void tick(job), job.every));
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await Promise.all(running.values());
    },
    runOnce(name) {
      const job = byName.get(name);
      if (!job) return Promise.reject(new Error(`no job named ${name}`));
      const previous = running.get(name) ?? Promise.resolve(true);
      return track(
        job,
        previous.then(() => execute(job, true)),
      );
    },
  };
}
