import { randomUUID } from "node:crypto";
import { CHAT_LIMITS, type ChatUser } from "@airwave/contracts";
import { isRedisUnavailable, liveInstances, type Redis } from "../redis.ts";
import type {
  Admission,
  ChatRateLimitStore,
  ChatRoomStores,
  LockStore,
  PresenceStore,
  PresentMember,
} from "./stores.ts";
import { StoreUnavailableError } from "./stores.ts";

/**
 * The chat room's stores in Redis (REDIS_URL): shared by every app instance. Each change that
 * reads and then writes is one Lua script, so two instances never interleave inside it. Every key
 * expires: a member whose instances all died leaves no trace after `expireMs`.
 *
 * Keys (under `prefix`): `presence:{userId}` a hash (member JSON, connection, instance, lastSeen);
 * `presence` a sorted set of user ids by lastSeen (who is in the room, and the stale ones);
 * `rate:{key}` a sorted set of hit times; `lock:{key}` the time the lock is held until.
 */

/** Sets the member's entry if their current connection is still `expected` ('' = none). */
const ADMIT = `
local current = redis.call('HGET', KEYS[1], 'connectionId') or ''
if current ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'member', ARGV[2], 'connectionId', ARGV[3], 'instance', ARGV[4], 'lastSeen', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1`;

const LEAVE = `
if redis.call('HGET', KEYS[1], 'connectionId') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1`;

const SEEN = `
if redis.call('HGET', KEYS[1], 'connectionId') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'lastSeen', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

const UPDATE = `
if redis.call('HGET', KEYS[1], 'connectionId') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'member', ARGV[2])
return 1`;

/** Removes the member if not seen since the cutoff (or gone); answers the removed entry. */
const PRUNE = `
local entry = redis.call('HMGET', KEYS[1], 'member', 'connectionId', 'lastSeen')
if not entry[2] then
  redis.call('ZREM', KEYS[2], ARGV[2])
  return false
end
if tonumber(entry[3]) >= tonumber(ARGV[1]) then return false end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return entry`;

/** Removes the member if their place is still held on instance ARGV[1] (a dead one); answers it. */
const PRUNE_OF_INSTANCE = `
local entry = redis.call('HMGET', KEYS[1], 'member', 'connectionId', 'lastSeen', 'instance')
if entry[4] ~= ARGV[1] then return false end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return entry`;

const HIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const ACQUIRE = `
local until_ = redis.call('GET', KEYS[1])
if until_ and tonumber(until_) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), 'PX', ARGV[2])
return 1`;

interface RedisStoreOptions {
  /** Prepended to every key (several apps or tests on one Redis). */
  prefix: string;
}

export class RedisPresenceStore implements PresenceStore {
  private readonly index: string;

  /**
   * `instance` names this app instance. A connection of another instance counts as open while it
   * shows life and that instance has a connection to Redis (it removes its connections when they
   * close; a killed instance's connections to Redis close with it, and its members may come back
   * on another at once).
   */
  constructor(
    private readonly redis: Redis,
    private readonly instance: string,
    private readonly options: RedisStoreOptions & { expireMs: number },
  ) {
    this.index = `${options.prefix}presence`;
  }

  private key(userId: string) {
    return `${this.options.prefix}presence:${userId}`;
  }

  async admit(
    member: ChatUser,
    connectionId: string,
    now: number,
    rule: { aliveMs: number; isOpen: (connectionId: string) => boolean },
  ): Promise<Admission> {
    const key = this.key(member._id);
    // Another instance may admit the same member between the read and the write: the write only
    // happens if the entry is still the one read, else the rule is applied again to the new one.
    for (;;) {
      const earlier = await this.redis.hmget(key, "connectionId", "instance", "lastSeen");
      const [earlierConnection, earlierInstance, earlierSeen] = earlier;
      let replaced: string | null = null;
      if (earlierConnection && earlierConnection !== connectionId) {
        const alive = now - Number(earlierSeen) < rule.aliveMs;
        const open =
          earlierInstance === this.instance
            ? rule.isOpen(earlierConnection)
            : alive && (await this.instanceAlive(earlierInstance ?? null));
        if (alive && open) return { admitted: false };
        replaced = earlierConnection;
      }
      const written = await this.redis.eval(
        ADMIT,
        2,
        key,
        this.index,
        earlierConnection ?? "",
        JSON.stringify(member),
        connectionId,
        this.instance,
        now,
        this.options.expireMs,
        member._id,
      );
      if (written === 1) return { admitted: true, replaced };
    }
  }

  /** Whether the instance has a connection to Redis (unknown when CLIENT LIST is refused: yes). */
  private async instanceAlive(instance: string | null): Promise<boolean> {
    if (!instance) return false;
    return (await liveInstances(this.redis))?.has(instance) ?? true;
  }

  async leave(userId: string, connectionId: string): Promise<boolean> {
    const left = await this.redis.eval(
      LEAVE,
      2,
      this.key(userId),
      this.index,
      connectionId,
      userId,
    );
    return left === 1;
  }

  async seen(userId: string, connectionId: string, now: number): Promise<void> {
    await this.redis.eval(
      SEEN,
      2,
      this.key(userId),
      this.index,
      connectionId,
      now,
      this.options.expireMs,
      userId,
    );
  }

  async isCurrent(userId: string, connectionId: string): Promise<boolean> {
    return (await this.redis.hget(this.key(userId), "connectionId")) === connectionId;
  }

  /**
   * Members not seen for `staleMs`, and members whose place is held on an instance that is gone
   * (killed: its connections to Redis closed), are removed and returned.
   */
  async prune(now: number, staleMs: number): Promise<PresentMember[]> {
    const cutoff = now - staleMs;
    const gone: PresentMember[] = [];
    const take = (entry: string[] | null) => {
      if (!entry) return;
      const [member = "", connectionId = "", lastSeen] = entry;
      gone.push({
        member: JSON.parse(member) as ChatUser,
        connectionId,
        lastSeen: Number(lastSeen),
      });
    };
    const candidates = await this.redis.zrangebyscore(this.index, "-inf", `(${cutoff}`);
    for (const userId of candidates) {
      take(
        (await this.redis.eval(PRUNE, 2, this.key(userId), this.index, cutoff, userId)) as
          | string[]
          | null,
      );
    }
    const live = await liveInstances(this.redis);
    if (!live) return gone;
    const ids = await this.redis.zrange(this.index, "0", "-1");
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.key(id), "instance");
    const instances = (await pipeline.exec()) ?? [];
    for (const [i, userId] of ids.entries()) {
      const instance = instances[i]?.[1];
      if (typeof instance !== "string" || live.has(instance)) continue;
      take(
        (await this.redis.eval(
          PRUNE_OF_INSTANCE,
          2,
          this.key(userId),
          this.index,
          instance,
          userId,
        )) as string[] | null,
      );
    }
    return gone;
  }

  async update(userId: string, change: Partial<ChatUser>): Promise<void> {
    const key = this.key(userId);
    for (;;) {
      const [member, connectionId] = await this.redis.hmget(key, "member", "connectionId");
      if (!member || !connectionId) return;
      const changed = JSON.stringify({ ...(JSON.parse(member) as ChatUser), ...change });
      // Written only if the same connection still holds the place (else read the new one again).
      if ((await this.redis.eval(UPDATE, 1, key, connectionId, changed)) === 1) return;
    }
  }

  async members(): Promise<ChatUser[]> {
    const ids = await this.redis.zrange(this.index, "0", "-1");
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.key(id), "member");
    const answers = (await pipeline.exec()) ?? [];
    return answers
      .map(([err, json]) =>
        err || typeof json !== "string" ? null : (JSON.parse(json) as ChatUser),
      )
      .filter((m): m is ChatUser => m !== null)
      .sort((a, b) => a.username.localeCompare(b.username));
  }
}

export class RedisSlidingWindowLimit implements ChatRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly options: RedisStoreOptions,
  ) {}

  private key(key: string) {
    return `${this.options.prefix}rate:${key}`;
  }

  async hit(key: string, now: number): Promise<boolean> {
    // A hit is a member of the set: its time and a unique tail (two hits in one millisecond).
    const hit = `${now}:${randomUUID()}`;
    const allowed = await this.redis.eval(HIT, 1, this.key(key), now, this.windowMs, this.max, hit);
    return allowed === 1;
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

export class RedisLockStore implements LockStore {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisStoreOptions,
  ) {}

  async acquire(key: string, ttlMs: number, now: number): Promise<boolean> {
    const taken = await this.redis.eval(
      ACQUIRE,
      1,
      `${this.options.prefix}lock:${key}`,
      now,
      ttlMs,
    );
    return taken === 1;
  }
}

/**
 * A store whose methods fail with `StoreUnavailableError` when Redis is out of reach (the client
 * fails a command at once, or after its timeout, while Redis is down: `createRedis`).
 */
function unavailableWhenDown<T extends object>(store: T): T {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        (value.apply(target, args) as Promise<unknown>).catch((err: unknown) => {
          throw isRedisUnavailable(err) ? new StoreUnavailableError(err) : err;
        });
    },
  });
}

/**
 * The room's stores in Redis, shared by every instance: presence (entries kept twice the stale
 * time, so a dead instance's members vanish even if nobody prunes), the chat limit of CHAT_LIMITS
 * across instances, and locks. While Redis is down their methods fail with
 * `StoreUnavailableError`; `onRestored` hears each return of the connection.
 */
export const redisChatRoomStores = (
  redis: Redis,
  instance: string,
  prefix = "airwave:chat:",
): ChatRoomStores => ({
  presence: unavailableWhenDown(
    new RedisPresenceStore(redis, instance, {
      prefix,
      expireMs: 2 * CHAT_LIMITS.staleAfterMs,
    }),
  ),
  rateLimit: unavailableWhenDown(
    new RedisSlidingWindowLimit(redis, CHAT_LIMITS.rateLimitCount, CHAT_LIMITS.rateLimitWindowMs, {
      prefix,
    }),
  ),
  locks: unavailableWhenDown(new RedisLockStore(redis, { prefix })),
  onRestored(listener) {
    let lost = false;
    redis.on("close", () => {
      lost = true;
    });
    redis.on("ready", () => {
      if (!lost) return;
      lost = false;
      listener();
    });
  },
});
