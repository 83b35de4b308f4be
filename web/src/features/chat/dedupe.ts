import { CHAT_LIMITS } from "@airwave/contracts";

/**
 * The rendered-message dedupe set (chat spec 9): remembers which messages are on screen so one
 * delivered twice (a reconnect, a history overlapping a live message) shows once. Above 1,000
 * entries it keeps the newest 800.
 */
export class DedupeSet {
  private readonly keys = new Set<string>();

  constructor(
    private readonly trimAbove: number = CHAT_LIMITS.dedupeTrimAbove,
    private readonly trimTo: number = CHAT_LIMITS.dedupeTrimTo,
  ) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds a key; says whether it was new. */
  add(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.trimAbove) {
      // A Set iterates in insertion order: the first ones are the oldest.
      let drop = this.keys.size - this.trimTo;
      for (const old of this.keys) {
        if (drop-- <= 0) break;
        this.keys.delete(old);
      }
    }
    return true;
  }

  clear() {
    this.keys.clear();
  }

  get size() {
    return this.keys.size;
  }
}
