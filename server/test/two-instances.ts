import { once } from "node:events";
import { CHAT_NAMESPACE, CHAT_SERVER_EVENTS } from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createJobRunner, type JobDefinition } from "../src/platform/jobs/index.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { type ChatClient, chatClient } from "./chat-client.ts";
import type { BuiltUser } from "./factories.ts";
import { startRedis, type TestRedis } from "./redis.ts";

/**
 * Two app instances in one process sharing one database and one Redis (REDIS_URL), each listening
 * on its own port, for a test file: registers the file's hooks (a redis-server and both apps built
 * before all tests; the room clients and `sockets` closed after each test, then `afterEachTest`;
 * the apps and Redis closed after all) and joins members on either instance.
 */
export function twoInstancesFixture(
  options: {
    /** After each test, once its clients and sockets are closed (the file's own clean-up). */
    afterEachTest?: () => Promise<void>;
    /** Each instance's own settings (read when the instances are built, in beforeAll). */
    env?: (instance: 1 | 2) => Record<string, string>;
  } = {},
) {
  let redis: TestRedis | undefined;
  let one: TestApp | undefined;
  let two: TestApp | undefined;
  const urls = new Map<TestApp, string>();
  let markers = 0;
  const open: ChatClient[] = [];
  /** Other sockets a test opens (`memberSocket(…, fixture.sockets)`), closed after it. */
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    one = await createTestApp({ ...options.env?.(1), REDIS_URL: redis.url });
    two = await createTestApp(
      { ...options.env?.(2), REDIS_URL: redis.url },
      { sameDatabaseAs: one },
    );
    for (const t of [one, two]) urls.set(t, await t.app.listen({ host: "127.0.0.1", port: 0 }));
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    for (const s of sockets.splice(0)) s.disconnect();
    await options.afterEachTest?.();
  });
  afterAll(async () => {
    await two?.close();
    // Last: on PGlite its database is the other's too. (An instance that died closes the rest.)
    await one?.close();
    await redis?.stop();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("twoInstancesFixture: built in beforeAll");
    return value;
  };
  const url = (t: TestApp) => ready(urls.get(t));
  /** Signs a member in (a new one unless given) and connects them to `t`'s room, closed after the test. */
  const connect = async (t: TestApp, member?: BuiltUser): Promise<ChatClient> => {
    const client = await chatClient(t, url(t), member);
    open.push(client);
    return client;
  };
  return {
    get one() {
      return ready(one);
    },
    get two() {
      return ready(two);
    },
    get redis() {
      return ready(redis);
    },
    sockets,
    /** The base URL instance `t` listens on. */
    url,
    connect,
    /**
     * Instance `t` dies as a killed process does, in the middle of things: its Redis connections
     * close before its members' goodbyes can reach Redis (their places stay held there), then its
     * sockets close. The other instance goes on (and the database: the app is closed, not the
     * rest of the test app, which the file's end closes).
     */
    async die(t: TestApp) {
      const redis = t.ctx.redis;
      if (redis) {
        // Closed before the app's close runs, which then has nothing left to say to Redis.
        const ended = once(redis, "end");
        redis.disconnect();
        await ended;
      }
      await t.app.close();
    },
    /**
     * Both instances' timers firing at the same moment: a fresh runner of `job` on each (as after
     * a restart) ticks it once, at the same time.
     */
    async tickOnBoth(job: JobDefinition) {
      const runners = [ready(one), ready(two)].map((t) => createJobRunner(t.ctx, [job]));
      await Promise.all(runners.map((r) => r.start()));
      await Promise.all(runners.map((r) => r.stop()));
    },
    /**
     * Everything either instance published before this has reached `clients`: each instance sends
     * a marker to the room, and what one instance publishes arrives in order.
     */
    async settled(clients: ChatClient[]) {
      const sent = [ready(one), ready(two)].map((t) => {
        const message = `marker ${++markers}`;
        t.ctx.realtime.publish(
          CHAT_SERVER_EVENTS.system,
          { type: "system", message },
          { all: true, namespace: CHAT_NAMESPACE },
        );
        return message;
      });
      for (const c of clients)
        for (const message of sent)
          await c.next<{ message: string }>(
            CHAT_SERVER_EVENTS.system,
            (p) => p.message === message,
          );
    },
    /** Connects a member to `t`'s room and waits until they are in (the history received). */
    async join(t: TestApp, member?: BuiltUser): Promise<ChatClient> {
      const client = await connect(t, member);
      await client.next(CHAT_SERVER_EVENTS.history);
      return client;
    },
  };
}
