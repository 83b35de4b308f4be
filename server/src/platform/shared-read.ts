/**
 * A read that callers waiting at the same time share: a call joins the next run of `read` that has
 * not started yet, or queues one (started once the running one is over). So every caller gets a
 * result read after it called (never one a call before it started, which could miss a write it
 * should see), and a crowd of callers (a reconnect storm's joins) costs about two reads at a time,
 * not one each.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let queued: Promise<T> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return () => {
    if (queued) return queued;
    const run = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return read();
      });
    queued = run;
    running = run;
    return run;
  };
}
