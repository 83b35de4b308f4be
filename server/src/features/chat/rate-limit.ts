/**
 * A sliding-window limit per member (decisions: at most 5 chat messages per 5 seconds). In memory:
 * the room's sockets of one member always live on one instance (the duplicate-session rule).
 */
export class SlidingWindowLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit for `key` and says whether it is within the limit (a refused hit is not kept). */
  allow(key: string, now: number): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  forget(key: string) {
    this.hits.delete(key);
  }
}
