import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { JOBS } from "../../jobs.ts";
import { fixedClock, systemClock } from "../clock.ts";
import type { AppContext } from "../context.ts";
import { createJobRunner, defineJob, type JobDefinition } from "./index.ts";
import { jobRuns } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  // No jobs of the app's own: its timers must not claim a period the tests count.
  t = await createTestApp({}, { jobs: [] });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** `jobs` wrapped so that each run of their work is counted by name (both instances share `runs`). */
function counted(jobs: readonly JobDefinition[], runs: Map<string, number>): JobDefinition[] {
  return jobs.map((job) => ({
    ...job,
    run: async (ctx: AppContext) => {
      runs.set(job.name, (runs.get(job.name) ?? 0) + 1);
      await job.run(ctx);
    },
  }));
}

const counter = (name: string, lock: boolean) =>
  defineJob({ name, every: HOUR, lock, run: async () => {} });

describe("locked jobs across instances", () => {
  it("two instances sharing one database, started at the same moment, each run a locked job once", async () => {
    // PostgreSQL (TEST_DATABASE_URL, as in `npm test`'s server-pg step): a second app instance with
    // its own connection pool on the first one's database. PGlite is one process's database, so
    // there the second instance is a second runner on the same database: the same claim decides.
    const second = t.databaseUrl
      ? await createTestApp({}, { databaseUrl: t.databaseUrl, jobs: [] })
      : null;
    try {
      const instances = [t.ctx, second?.ctx ?? t.ctx];
      // The app's locked jobs (a job that runs on every instance, `lock: false`, runs once per
      // instance by design: see "unlocked jobs" below).
      const jobs = [...JOBS.filter((j) => j.lock), counter("test: locked counter", true)];
      for (let round = 0; round < 5; round++) {
        // A fresh period: no job has run yet.
        await t.ctx.db.delete(jobRuns);
        const runs = new Map<string, number>();
        const runners = instances.map((ctx) => createJobRunner(ctx, counted(jobs, runs)));
        await Promise.all(runners.map((r) => r.start()));
        await Promise.all(runners.map((r) => r.stop()));
        expect(Object.fromEntries(runs)).toEqual(
          Object.fromEntries(jobs.map((job) => [job.name, 1])),
        );
        const claimed = await t.ctx.db.select({ name: jobRuns.name }).from(jobRuns);
        expect(claimed.map((r) => r.name).sort()).toEqual(jobs.map((j) => j.name).sort());
      }
    } finally {
      await second?.close();
    }
  });

  it("a job without a lock runs on every instance", async () => {
    const runs = new Map<string, number>();
    const jobs = [counter("test: unlocked counter", false)];
    const runners = [0, 1].map(() => createJobRunner(t.ctx, counted(jobs, runs)));
    await Promise.all(runners.map((r) => r.start()));
    await Promise.all(runners.map((r) => r.stop()));
    expect(runs.get("test: unlocked counter")).toBe(2);
  });
});

describe("the runner", () => {
  it("skips a period already done, runs the next one, and runOnce runs at any time", async () => {
    const name = "test: periods";
    const runs = new Map<string, number>();
    const job = counted([counter(name, true)], runs);
    const start = Date.now();
    t.ctx.clock = fixedClock(start);
    try {
      const first = createJobRunner(t.ctx, job);
      await first.start();
      await first.stop();
      // Half a period later another instance starts: the period's run is done.
      t.ctx.clock = fixedClock(start + HOUR / 2);
      const second = createJobRunner(t.ctx, job);
      await second.start();
      await second.stop();
      expect(runs.get(name)).toBe(1);
      // On demand, it runs (tests).
      expect(await second.runOnce(name)).toBe(true);
      expect(runs.get(name)).toBe(2);
      // A period after the last run, a start runs it again.
      t.ctx.clock = fixedClock(start + HOUR / 2 + HOUR);
      await second.start();
      await second.stop();
      expect(runs.get(name)).toBe(3);
      const [row] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, name));
      expect(row?.lastRunAt.getTime()).toBe(start + HOUR / 2 + HOUR);
    } finally {
      t.ctx.clock = systemClock;
    }
  });

  it("a failed run leaves the runner working; stop waits for a run in progress", async () => {
    let calls = 0;
    let finished = false;
    const runner = createJobRunner(t.ctx, [
      defineJob({
        name: "test: flaky",
        every: HOUR,
        lock: false,
        run: async () => {
          calls++;
          if (calls === 1) throw new Error("database unavailable");
          await new Promise((resolve) => setTimeout(resolve, 50));
          finished = true;
        },
      }),
    ]);
    await runner.start();
    expect(calls).toBe(1);
    const again = runner.runOnce("test: flaky");
    await runner.stop();
    expect(finished).toBe(true);
    expect(await again).toBe(true);
    await expect(runner.runOnce("no such job")).rejects.toThrow("no job named no such job");
  });
});
