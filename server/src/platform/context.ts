import type { Logger } from "pino";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/index.ts";
import type { Feature } from "./feature.ts";
import type { Mailer } from "./mail.ts";
import type { RateLimitStore } from "./rate-limit/index.ts";
import type { Realtime } from "./realtime/index.ts";
import type { Redis } from "./redis.ts";
import type { ServiceRegistry } from "./services.ts";
import type { Storage } from "./storage/index.ts";

/** What every feature's routes and services get: the outside systems, each behind one interface. */
export interface AppContext {
  /** The time for jobs (and what reads it through the context); tests assign another clock. */
  clock: Clock;
  config: Config;
  db: Db;
  /**
   * The app's features in the feature list's order, given by the composition root (`src/app.ts`):
   * hosts such as the account deletion walk them instead of naming each feature.
   */
  features: readonly Feature[];
  mailer: Mailer;
  log: Logger;
  realtime: Realtime;
  /** Abuse-limit counters shared by every instance (platform/rate-limit). */
  rateLimits: RateLimitStore;
  /**
   * The Redis the app instances share (REDIS_URL), closed with the app; null for one instance.
   * The chat room's stores and Socket.IO's adapter use it.
   */
  redis: Redis | null;
  /** This instance among the ones sharing Redis (random per start). */
  instanceId: string;
  /**
   * The features' per-app services (`defineService`), built by the composition root from the
   * manifests and started and stopped with the app; tests read or replace them here.
   */
  services: ServiceRegistry;
  storage: Storage;
}
