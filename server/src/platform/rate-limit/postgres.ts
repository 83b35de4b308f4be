import type { RateLimitRule } from "@airwave/contracts";
import { inArray, lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/index.ts";
import type { RateLimitStore } from "./index.ts";
import { rateLimits } from "./schema.ts";

/**
 * Counters in the `rate_limits` table through rate-limiter-flexible's RateLimiterDrizzle, on the app's
 * own Drizzle client (PGlite or node-postgres alike). Each call is one
 * `INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING` that starts a new window when the old one
 * ended and adds 1 otherwise, so concurrent calls on any instance never lose a count. The library's
 * own clean-up timer is off: `purgeExpired` runs from the app's hourly purge.
 */
export function createPostgresRateLimitStore(db: Db): RateLimitStore {
  // The library fixes points and duration per limiter: one per distinct (max, window).
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiterFor = ({ max, windowSeconds }: Pick<RateLimitRule, "max" | "windowSeconds">) => {
    const id = `${max}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        points: max,
        duration: windowSeconds,
        // Keys already name their limit (`posts:<member id>`).
        keyPrefix: "",
        clearExpiredByTimeout: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async consume(key, limit) {
      try {
        await limiterFor(limit).consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (refusal) {
        // The library rejects with a RateLimiterRes when over the limit, with an Error on failure.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        };
      }
    },
    async forget(keys) {
      if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
    async purgeExpired(now = new Date()) {
      const gone = await db
        .delete(rateLimits)
        .where(lt(rateLimits.expire, now))
        .returning({ key: rateLimits.key });
      return gone.length;
    },
  };
}
