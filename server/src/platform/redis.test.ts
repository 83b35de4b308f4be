import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../test/redis.ts";
import {
  APP_CLIENT_LOST,
  closeRedis,
  createRedis,
  instanceConnectionName,
  liveInstances,
  REDIS_COMMAND_TIMEOUT_MS,
} from "./redis.ts";

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** A logger whose lines (level and message) are kept. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

describe("the app's Redis client while Redis is down", () => {
  it("fails commands instead of waiting, logs the loss and the return once each, and works again", async () => {
    const { log, lines } = recordingLogger();
    const client = createRedis(redis.url, log);
    try {
      expect(await client.set("k", "1")).toBe("OK");
      await redis.pause();
      const started = Date.now();
      await expect(client.get("k")).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 500);
      // Several attempts to reconnect fail meanwhile (one a second at most).
      await sleep(2_500);
      await expect(client.get("k")).rejects.toThrow();
      await redis.restart();
      await expect.poll(() => client.status, { timeout: 5_000 }).toBe("ready");
      expect(await client.get("k")).toBeNull(); // restarted empty
      const warnings = lines.filter((l) => l.level === 40);
      expect(warnings.map((l) => l.msg)).toEqual([`redis connection lost: ${APP_CLIENT_LOST}`]);
      expect(lines.filter((l) => l.level === 30).map((l) => l.msg)).toEqual([
        "redis connection back",
      ]);
    } finally {
      await closeRedis(client);
    }
  }, 20_000);
});

describe("the app instances alive on Redis", () => {
  it("are the names of the connected app clients (duplicates too); a closed one drops out", async () => {
    const silent = pino({ level: "silent" });
    const one = createRedis(redis.url, silent, "instance-one");
    const two = createRedis(redis.url, silent, "instance-two");
    const twoDuplicate = two.duplicate();
    const unnamed = createRedis(redis.url, silent);
    try {
      await Promise.all([one, two, twoDuplicate, unnamed].map((c) => c.ping()));
      expect(await twoDuplicate.client("GETNAME")).toBe(instanceConnectionName("instance-two"));
      // Asked through any client: the unnamed one and the test's own are no instances.
      expect(await liveInstances(redis.client)).toEqual(new Set(["instance-one", "instance-two"]));
      await closeRedis(one);
      await expect.poll(() => liveInstances(unnamed)).toEqual(new Set(["instance-two"]));
      // An instance is alive while any of its connections is open.
      await closeRedis(two);
      expect(await liveInstances(unnamed)).toEqual(new Set(["instance-two"]));
      await closeRedis(twoDuplicate);
      await expect.poll(() => liveInstances(unnamed)).toEqual(new Set());
    } finally {
      for (const c of [one, two, twoDuplicate, unnamed]) c.disconnect();
    }
  });
});
