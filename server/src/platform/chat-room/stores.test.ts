import type { ChatUser } from "@airwave/contracts";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../../test/redis.ts";
import { closeRedis, createRedis, type Redis } from "../redis.ts";
import { MemoryLockStore, MemoryPresenceStore, MemorySlidingWindowLimit } from "./memory-stores.ts";
import { RedisLockStore, RedisPresenceStore, RedisSlidingWindowLimit } from "./redis-stores.ts";
import type { ChatRateLimitStore, LockStore, PresenceStore } from "./stores.ts";

const member = (id: string, username = id): ChatUser => ({
  _id: id,
  username,
  profileimage: "/images/default.webp",
  socketid: "",
  role: "user",
  isDj: false,
  isTopUser: false,
  isTopDJ: false,
  points: 0,
  nameTagStyling: null,
});

let redis: TestRedis;
/**
 * The Redis clients of the live app instances "one" and "two", named as the app names them: a
 * store's instance is alive while its client is connected. "gone" has none (a killed instance).
 */
const instances = new Map<string, Redis>();
beforeAll(async () => {
  redis = await startRedis();
  for (const name of ["one", "two"]) {
    const client = createRedis(redis.url, pino({ level: "silent" }), name);
    await client.ping();
    instances.set(name, client);
  }
});
afterAll(async () => {
  for (const client of instances.values()) await closeRedis(client);
  await redis?.stop();
});

/** Instance `name`'s presence store (through its own client when it has one) on `shared` keys. */
const presenceOf = (name: string, shared: string) =>
  new RedisPresenceStore(instances.get(name) ?? redis.client, name, {
    prefix: shared,
    expireMs: 240_000,
  });

/** Each test gets stores of its own: a fresh prefix in the one Redis of this file. */
let run = 0;
const prefix = () => `test:${++run}:`;

/** The stores' implementations; every case below runs against each. */
const implementations: {
  name: string;
  presence: (instance?: string) => PresenceStore;
  limit: (max: number, windowMs: number) => ChatRateLimitStore;
  locks: () => LockStore;
}[] = [
  {
    name: "in memory",
    presence: () => new MemoryPresenceStore(),
    limit: (max, windowMs) => new MemorySlidingWindowLimit(max, windowMs),
    locks: () => new MemoryLockStore(),
  },
  {
    name: "in Redis",
    presence: (instance = "one") => presenceOf(instance, prefix()),
    limit: (max, windowMs) =>
      new RedisSlidingWindowLimit(redis.client, max, windowMs, { prefix: prefix() }),
    locks: () => new RedisLockStore(redis.client, { prefix: prefix() }),
  },
];

const rule = (open: string[]) => ({ aliveMs: 30_000, isOpen: (id: string) => open.includes(id) });

describe.each(implementations)("chat room stores $name", (impl) => {
  it("presence refuses a second connection while the first is open and alive, replaces a closed or stale one", async () => {
    const presence = impl.presence();
    expect(await presence.admit(member("a"), "s1", 0, rule(["s1"]))).toEqual({
      admitted: true,
      replaced: null,
    });
    expect(await presence.admit(member("a"), "s2", 1_000, rule(["s1", "s2"]))).toEqual({
      admitted: false,
    });
    // The first one closed: the newcomer takes its place.
    expect(await presence.admit(member("a"), "s2", 2_000, rule(["s2"]))).toEqual({
      admitted: true,
      replaced: "s1",
    });
    // Still open but silent for the alive window: replaced too.
    expect(await presence.admit(member("a"), "s3", 40_000, rule(["s2", "s3"]))).toEqual({
      admitted: true,
      replaced: "s2",
    });
    expect(await presence.isCurrent("a", "s3")).toBe(true);
    expect(await presence.isCurrent("a", "s2")).toBe(false);
    expect(await presence.leave("a", "s2")).toBe(false);
    expect(await presence.leave("a", "s3")).toBe(true);
    expect(await presence.members()).toEqual([]);
  });

  it("presence prunes members not seen for a while and lists the others by username", async () => {
    const presence = impl.presence();
    await presence.admit(member("1", "zoe"), "s1", 0, rule([]));
    await presence.admit(member("2", "adam"), "s2", 0, rule([]));
    await presence.admit(member("3", "mia"), "s3", 0, rule([]));
    await presence.seen("2", "s2", 100_000);
    await presence.seen("3", "other-connection", 100_000);
    await presence.update("2", { profileimage: "/new.webp" });
    await presence.update("nobody", { profileimage: "/new.webp" });
    expect((await presence.members()).map((m) => m.username)).toEqual(["adam", "mia", "zoe"]);
    const gone = await presence.prune(130_000, 120_000);
    expect(gone.map((g) => g.connectionId).sort()).toEqual(["s1", "s3"]);
    expect(gone.find((g) => g.connectionId === "s1")).toEqual({
      member: member("1", "zoe"),
      connectionId: "s1",
      lastSeen: 0,
    });
    expect(await presence.members()).toEqual([
      { ...member("2", "adam"), profileimage: "/new.webp" },
    ]);
    // Pruned once: a second pass finds no one.
    expect(await presence.prune(130_000, 120_000)).toEqual([]);
  });

  it("the chat limit allows max hits per window, does not count refused ones, and forgets", async () => {
    const limit = impl.limit(2, 5_000);
    expect(await limit.hit("a", 0)).toBe(true);
    expect(await limit.hit("a", 1_000)).toBe(true);
    expect(await limit.hit("a", 2_000)).toBe(false);
    expect(await limit.hit("b", 2_000)).toBe(true);
    // The first hit left the window; the refused one was never counted.
    expect(await limit.hit("a", 5_000)).toBe(true);
    expect(await limit.hit("a", 5_500)).toBe(false);
    await limit.forget("a");
    expect(await limit.hit("a", 5_600)).toBe(true);
  });

  it("the chat limit counts two hits in the same millisecond", async () => {
    const limit = impl.limit(2, 5_000);
    expect(await limit.hit("a", 0)).toBe(true);
    expect(await limit.hit("a", 0)).toBe(true);
    expect(await limit.hit("a", 0)).toBe(false);
  });

  it("a lock holds its key until its time is up", async () => {
    const locks = impl.locks();
    expect(await locks.acquire("k", 10_000, 0)).toBe(true);
    expect(await locks.acquire("k", 10_000, 9_999)).toBe(false);
    expect(await locks.acquire("other", 10_000, 9_999)).toBe(true);
    expect(await locks.acquire("k", 10_000, 10_000)).toBe(true);
  });
});

describe("the in-memory chat limit", () => {
  it("lets go of the keys whose hits left the window", async () => {
    const limit = new MemorySlidingWindowLimit(2, 5_000);
    await limit.hit("a", 0);
    await limit.hit("b", 4_000);
    expect(limit.size).toBe(2);
    await limit.hit("c", 6_000);
    expect(limit.size).toBe(2);
    await limit.hit("c", 12_000);
    expect(limit.size).toBe(1);
  });
});

describe("chat room stores in Redis, across instances", () => {
  it("a member's connection on another instance counts as open while it shows life", async () => {
    const shared = prefix();
    const one = presenceOf("one", shared);
    const two = presenceOf("two", shared);
    expect(await one.admit(member("a"), "s1", 0, rule(["s1"]))).toEqual({
      admitted: true,
      replaced: null,
    });
    // Instance two does not have s1 among its sockets, yet s1 is alive on instance one.
    expect(await two.admit(member("a"), "s2", 1_000, rule(["s2"]))).toEqual({ admitted: false });
    expect(await two.members()).toEqual([member("a")]);
    // Instance one stopped hearing from s1 (its instance died): after the alive window, replaced.
    expect(await two.admit(member("a"), "s2", 31_000, rule(["s2"]))).toEqual({
      admitted: true,
      replaced: "s1",
    });
    expect(await one.isCurrent("a", "s2")).toBe(true);
    // s1's late goodbye on instance one does not remove the member.
    expect(await one.leave("a", "s1")).toBe(false);
    expect(await one.members()).toEqual([member("a")]);
  });

  it("a member whose place is held on an instance with no Redis connection is admitted elsewhere at once", async () => {
    const shared = prefix();
    const gone = presenceOf("gone", shared);
    const two = presenceOf("two", shared);
    await gone.admit(member("a"), "s1", 0, rule(["s1"]));
    // One second later, well within the alive window: s1 showed life, but its instance is gone.
    expect(await two.admit(member("a"), "s2", 1_000, rule(["s2"]))).toEqual({
      admitted: true,
      replaced: "s1",
    });
    expect(await two.isCurrent("a", "s2")).toBe(true);
    expect(await two.members()).toEqual([member("a")]);
  });

  it("prune removes and returns the members of instances that are gone, however recently seen", async () => {
    const shared = prefix();
    const gone = presenceOf("gone", shared);
    const one = presenceOf("one", shared);
    await gone.admit(member("1", "zoe"), "s1", 0, rule([]));
    await one.admit(member("2", "adam"), "s2", 0, rule([]));
    const pruned = await one.prune(1_000, 120_000);
    expect(pruned).toEqual([{ member: member("1", "zoe"), connectionId: "s1", lastSeen: 0 }]);
    expect(await one.members()).toEqual([member("2", "adam")]);
    expect(await one.prune(1_000, 120_000)).toEqual([]);
  });

  it("the chat limit is one count for every instance", async () => {
    const shared = prefix();
    const one = new RedisSlidingWindowLimit(redis.client, 5, 5_000, { prefix: shared });
    const two = new RedisSlidingWindowLimit(redis.client, 5, 5_000, { prefix: shared });
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? two : one).hit("a", i * 100));
    expect(answers).toEqual([true, true, true, true, true, false]);
  });

  it("every key expires", async () => {
    const shared = prefix();
    const presence = new RedisPresenceStore(redis.client, "one", {
      prefix: shared,
      expireMs: 240_000,
    });
    await presence.admit(member("a"), "s1", 0, rule([]));
    await new RedisSlidingWindowLimit(redis.client, 5, 5_000, { prefix: shared }).hit("a", 0);
    await new RedisLockStore(redis.client, { prefix: shared }).acquire("k", 10_000, 0);
    const keys = (await redis.client.keys(`${shared}*`)).sort();
    expect(keys).toEqual(
      [`${shared}lock:k`, `${shared}presence`, `${shared}presence:a`, `${shared}rate:a`].sort(),
    );
    for (const key of keys) {
      const ttl = await redis.client.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(240_000);
    }
  });
});
