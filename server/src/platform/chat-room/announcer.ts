/** Gathers the room's comings and goings and hands them on at most once per window. */
export interface Announcer<C> {
  /** A member came or went: handed on at once when the last window is over, else at its end. */
  announce(change: C): void;
  /** Hands on what is pending now (the room closing); the window timer ends. */
  flush(): void;
}

/**
 * A broadcast is one packet per member, so announcing each join to everyone costs O(members²)
 * packets when all of them come back at once (a restart, a failover): 2,000 members joining took
 * most of a minute, nearly all of it spent writing those packets. The announcer hands on a lone
 * change at once; the changes that come while a window (`everyMs`) is still running go together,
 * in order, at its end, so a storm costs one packet per member per window.
 */
export function createAnnouncer<C>(send: (changes: C[]) => void, everyMs: number): Announcer<C> {
  let pending: C[] = [];
  let timer: NodeJS.Timeout | null = null;
  let last = Number.NEGATIVE_INFINITY;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const changes = pending;
    pending = [];
    if (changes.length === 0) return;
    last = Date.now();
    send(changes);
  }

  return {
    announce(change) {
      pending.push(change);
      if (timer) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}
