import { CHAT_LIMITS, type ChatUser } from "@airwave/contracts";
import type {
  Admission,
  ChatRateLimitStore,
  ChatRoomStores,
  LockStore,
  PresenceStore,
  PresentMember,
} from "./stores.ts";

/**
 * The chat room's stores in one instance's memory: right while one instance serves the room (the
 * duplicate-session rule keeps a member's connection on one instance). Each method does its work
 * before its first await, so two events of one instance never interleave inside it.
 */
export class MemoryPresenceStore implements PresenceStore {
  private readonly present = new Map<string, PresentMember>();
  /** `members()` sorted, until the room changes (each newcomer gets the list: no sort per join). */
  private sorted: ChatUser[] | null = null;

  async admit(
    member: ChatUser,
    connectionId: string,
    now: number,
    rule: { aliveMs: number; isOpen: (connectionId: string) => boolean },
  ): Promise<Admission> {
    const earlier = this.present.get(member._id);
    let replaced: string | null = null;
    if (earlier && earlier.connectionId !== connectionId) {
      const alive = now - earlier.lastSeen < rule.aliveMs;
      if (alive && rule.isOpen(earlier.connectionId)) return { admitted: false };
      replaced = earlier.connectionId;
    }
    this.present.set(member._id, { member, connectionId, lastSeen: now });
    this.sorted = null;
    return { admitted: true, replaced };
  }

  async leave(userId: string, connectionId: string): Promise<boolean> {
    if (this.present.get(userId)?.connectionId !== connectionId) return false;
    this.present.delete(userId);
    this.sorted = null;
    return true;
  }

  async seen(userId: string, connectionId: string, now: number): Promise<void> {
    const current = this.present.get(userId);
    if (current?.connectionId === connectionId) current.lastSeen = now;
  }

  async isCurrent(userId: string, connectionId: string): Promise<boolean> {
    return this.present.get(userId)?.connectionId === connectionId;
  }

  async prune(now: number, staleMs: number): Promise<PresentMember[]> {
    const stale = [...this.present.values()].filter((p) => now - p.lastSeen > staleMs);
    for (const p of stale) this.present.delete(p.member._id);
    if (stale.length > 0) this.sorted = null;
    return stale;
  }

  async update(userId: string, change: Partial<ChatUser>): Promise<void> {
    const current = this.present.get(userId);
    if (current) current.member = { ...current.member, ...change };
    this.sorted = null;
  }

  async members(): Promise<ChatUser[]> {
    this.sorted ??= [...this.present.values()]
      .map((p) => p.member)
      .sort((a, b) => a.username.localeCompare(b.username));
    return [...this.sorted];
  }
}

export class MemorySlidingWindowLimit implements ChatRateLimitStore {
  private readonly hits = new Map<string, number[]>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string, now: number): Promise<boolean> {
    // At most once a window, the keys whose last hit left it go (members who stopped writing).
    if (now - this.sweptAt >= this.windowMs) {
      for (const [k, times] of this.hits) {
        if (now - (times.at(-1) ?? Number.NEGATIVE_INFINITY) >= this.windowMs) this.hits.delete(k);
      }
      this.sweptAt = now;
    }
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    const allowed = recent.length < this.max;
    if (allowed) recent.push(now);
    this.hits.set(key, recent);
    return allowed;
  }

  async forget(key: string): Promise<void> {
    this.hits.delete(key);
  }

  /** How many keys have hits in memory (the tests check that old ones go). */
  get size(): number {
    return this.hits.size;
  }
}

export class MemoryLockStore implements LockStore {
  private readonly until = new Map<string, number>();

  async acquire(key: string, ttlMs: number, now: number): Promise<boolean> {
    if ((this.until.get(key) ?? 0) > now) return false;
    this.until.set(key, now + ttlMs);
    return true;
  }
}

/** The room's stores of today: presence, the chat limit of CHAT_LIMITS and locks, in memory. */
export const memoryChatRoomStores = (): ChatRoomStores => ({
  presence: new MemoryPresenceStore(),
  rateLimit: new MemorySlidingWindowLimit(
    CHAT_LIMITS.rateLimitCount,
    CHAT_LIMITS.rateLimitWindowMs,
  ),
  locks: new MemoryLockStore(),
});
