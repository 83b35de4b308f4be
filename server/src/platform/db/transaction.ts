import type { Logger } from "pino";
import type { Db, Tx } from "./index.ts";

/** Work to do once the transaction has committed: live pushes, file removals... */
export type AfterCommitWork = () => unknown;

/** Queues work that runs only once the transaction has committed, in the order it was queued. */
export type AfterCommit = (work: AfterCommitWork) => void;

/** An open transaction and its after-commit queue, for helpers that write in it and push later. */
export interface TxScope {
  tx: Tx;
  afterCommit: AfterCommit;
}

interface TransactionOptions {
  /**
   * Runs the whole transaction again when it failed with an error this accepts (e.g. a deadlock),
   * up to `attempts` times in all. Each attempt starts with an empty queue: only the work queued by
   * the attempt that committed runs.
   */
  retryOn?: (err: unknown) => boolean;
  attempts?: number;
}

/**
 * Runs `body` in one database transaction. `afterCommit(work)` queues work for once it has
 * committed: when `body` throws (the transaction is rolled back) the queue is dropped. After the
 * commit the queued work runs in order, each awaited before the next, before this returns; a
 * failure there is logged and neither stops the rest nor undoes what was committed.
 */
export async function transaction<T>(
  ctx: { db: Db; log: Logger },
  body: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.retryOn ? Math.max(1, options.attempts ?? 3) : 1;
  for (let attempt = 1; ; attempt++) {
    const queue: AfterCommitWork[] = [];
    let result: T;
    try {
      result = await ctx.db.transaction((tx) => body(tx, (work) => queue.push(work)));
    } catch (err) {
      if (attempt >= attempts || !options.retryOn?.(err)) throw err;
      continue;
    }
    await runQueue(ctx.log, queue);
    return result;
  }
}

async function runQueue(log: Logger, queue: AfterCommitWork[]) {
  for (const work of queue) {
    try {
      await work();
    } catch (err) {
      log.error({ err }, "after-commit work failed (the transaction stays committed)");
    }
  }
}

/** PostgreSQL's "deadlock detected": the transaction was rolled back whole and may run again. */
export function isDeadlock(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}
