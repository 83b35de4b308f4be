import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * When each locked job last ran (platform/jobs): written under the job's advisory lock, so a second
 * instance that takes the lock a moment after the first sees the run and skips that period.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
  /** The instance (`ctx.instanceId`, printed at start) that claimed the last run. */
  ranBy: text("ran_by"),
});
