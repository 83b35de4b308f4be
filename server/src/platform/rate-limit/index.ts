import type { RateLimitRule } from "@airwave/contracts";

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends and calls are counted afresh (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Where abuse-limit counters live, seen by every app instance: PostgreSQL (`postgres.ts`) now; a
 * Redis store (rate-limiter-flexible's RateLimiterRedis) can take its place when REDIS_URL exists.
 */
export interface RateLimitStore {
  /** Counts one call of `key` against `limit` (a fixed window), atomically across instances. */
  consume(
    key: string,
    limit: Pick<RateLimitRule, "max" | "windowSeconds">,
  ): Promise<RateLimitDecision>;
  /** Deletes these counters (e.g. a deleted member's), whatever their window. */
  forget(keys: string[]): Promise<void>;
  /** Deletes the counters whose window ended before `now`; answers how many went. */
  purgeExpired(now?: Date): Promise<number>;
}
