import type { Logger } from "pino";

export interface PeriodicJob {
  /** Runs once now, then every interval (the timer never keeps the process alive). */
  start(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now; runs never overlap (a call during a run waits for that run). */
  runOnce(): Promise<void>;
}

/**
 * A job run once at start, then every `intervalMs` (housekeeping such as deleting what has expired;
 * a job that must run on one instance only takes its own lock inside `run`). A failed run is logged
 * and tried again at the next interval.
 */
export function periodicJob(
  log: Logger,
  name: string,
  run: () => Promise<void>,
  intervalMs: number,
): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const runOnce = () => {
    running ??= run()
      .catch((err) => log.warn({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    runOnce,
    async start() {
      await runOnce();
      timer ??= setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
