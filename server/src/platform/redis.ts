import { Redis } from "ioredis";
import type { Logger } from "pino";

export type { Redis } from "ioredis";

/**
 * The app's Redis client (REDIS_URL), shared by the chat room's stores; Socket.IO's adapter takes
 * a duplicate for its subscriptions. Commands wait while Redis is away and the client reconnects
 * on its own; errors are logged, not thrown at the process.
 */
export function createRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  redis.on("error", (err) => log.warn({ err }, "redis connection error"));
  return redis;
}

/** Closes a client: waits for the commands sent, or drops the connection if it is not up. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
