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

/**
 * A per-key read that callers waiting at the same time share: keys asked for while no batch is
 * being gathered start one, keys asked for until it starts join it, and one `readMany` answers
 * them all (a reconnect storm's newcomers: one query for a crowd, not one each). Like `sharedRead`,
 * a caller's batch always starts after its call. A key `readMany` leaves out gets `missing`.
 */
export function batchedRead<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): (key: K) => Promise<V> {
  let gathering: { keys: Set<K>; answer: Promise<Map<K, V>> } | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return async (key) => {
    if (!gathering) {
      const keys = new Set<K>();
      const answer = running
        .catch(() => undefined)
        .then(() => {
          gathering = null;
          return readMany([...keys]);
        });
      gathering = { keys, answer };
      running = answer;
    }
    gathering.keys.add(key);
    const answers = await gathering.answer;
    return answers.has(key) ? (answers.get(key) as V) : missing;
  };
}
