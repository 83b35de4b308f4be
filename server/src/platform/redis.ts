import { Redis, ReplyError } from "ioredis";
import type { Logger } from "pino";

export type { Redis } from "ioredis";

/**
 * How long a command may wait for Redis before it fails (queued while the connection is being
 * made again, or sent and unanswered): a chat event is answered "briefly unavailable" instead of
 * hanging while Redis is down.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** The longest wait between two attempts to reach Redis again: chat is back within it. */
export const REDIS_RECONNECT_MAX_MS = 1_000;

/** What the loss of the app's client means, as logged. */
export const APP_CLIENT_LOST = "chat events are refused until it is back; HTTP goes on";

/**
 * The app's Redis client (REDIS_URL), shared by the chat room's stores; Socket.IO's adapter takes
 * a duplicate for its subscriptions. While Redis is away the client tries again every second at
 * most, and commands fail instead of waiting: a command already sent or queued fails when an
 * attempt to reconnect fails (ECONNREFUSED: at once) or after REDIS_COMMAND_TIMEOUT_MS (Redis
 * unreachable without an answer). The loss and the return are logged once each (`watchRedis`).
 */
export function createRedis(url: string, log: Logger, instanceId?: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    // Named after the app instance (its duplicates too): while any of its connections is open the
    // instance is alive (`liveInstances`); a killed process's connections close with it.
    ...(instanceId ? { connectionName: instanceConnectionName(instanceId) } : {}),
    // Kept: the commands of the first moments, before the connection is up, wait for it.
    enableOfflineQueue: true,
    // A failed attempt to reconnect fails the commands waiting (none waits for the next attempt).
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS),
  });
  watchRedis(redis, log, "app", APP_CLIENT_LOST);
  return redis;
}

const CONNECTION_NAME_PREFIX = "airwave-instance:";

/** The Redis client name of an app instance's connections. */
export const instanceConnectionName = (instanceId: string) =>
  `${CONNECTION_NAME_PREFIX}${instanceId}`;

/**
 * The app instances with a connection open to Redis now (CLIENT LIST, by the names of
 * `createRedis`). A killed instance drops out as soon as the kernel closes its sockets; null when
 * the Redis server refuses CLIENT LIST (some hosted ones do).
 */
export async function liveInstances(redis: Redis): Promise<Set<string> | null> {
  let list: string;
  try {
    list = (await redis.call("CLIENT", "LIST", "TYPE", "normal")) as string;
  } catch (err) {
    if (err instanceof ReplyError) return null;
    throw err;
  }
  const live = new Set<string>();
  for (const match of list.matchAll(/ name=(\S+)/g)) {
    const name = match[1] ?? "";
    if (name.startsWith(CONNECTION_NAME_PREFIX))
      live.add(name.slice(CONNECTION_NAME_PREFIX.length));
  }
  return live;
}

/**
 * Logs a client's connection as it changes, once per change: "lost" when a ready connection
 * closes (or the first attempt fails), "back" when it is ready again; the errors of every attempt
 * in between go to the debug level. An `error` event always has this listener, so it never reaches
 * the process as an unhandled error.
 */
export function watchRedis(redis: Redis, log: Logger, name: string, meaning: string): void {
  let ready = false;
  let reportedLoss = false;
  const lost = (err?: unknown) => {
    if (reportedLoss) return;
    reportedLoss = true;
    log.warn({ err, redis: name }, `redis connection lost: ${meaning}`);
  };
  redis.on("ready", () => {
    ready = true;
    if (reportedLoss) log.info({ redis: name }, "redis connection back");
    reportedLoss = false;
  });
  redis.on("close", () => {
    if (ready) lost();
    ready = false;
  });
  redis.on("error", (err) => {
    if (reportedLoss) log.debug({ err, redis: name }, "redis still unreachable");
    else lost(err);
  });
}

/**
 * Whether a failure of a Redis command means Redis is out of reach (no connection, no answer in
 * time, or a Redis still loading its data after a restart), rather than a command Redis refused.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (err instanceof ReplyError) {
    return /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN)\b/.test((err as Error).message);
  }
  return err instanceof Error;
}

/**
 * The client as Socket.IO's Redis adapter sees it: the adapter calls `methods` (publish, subscribe,
 * unsubscribe…) without waiting for their answer, so one that fails while Redis is down would be an
 * unhandled rejection, which ends a Node process; here the failure is dropped (an event then
 * reaches this instance's sockets only; the loss of Redis is logged once by `watchRedis`).
 */
export function quietly(redis: Redis, methods: readonly string[]): Redis {
  return new Proxy(redis, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === "constructor" || typeof value !== "function") return value;
      if (typeof property === "string" && methods.includes(property)) {
        return (...args: unknown[]) =>
          Promise.resolve(value.apply(target, args)).catch(() => undefined);
      }
      return value.bind(target);
    },
  });
}

/** Closes a client: waits for the commands sent, or drops the connection if it is not up. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
