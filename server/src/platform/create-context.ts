import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Logger } from "pino";
import { systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Db } from "./db/index.ts";
import type { Feature } from "./feature.ts";
import { createMailer } from "./mail.ts";
import { createPostgresRateLimitStore } from "./rate-limit/postgres.ts";
import { createRealtime } from "./realtime/socket-server.ts";
import { createRedis } from "./redis.ts";
import { ServiceRegistry } from "./services.ts";
import { createLocalDiskStorage } from "./storage/local-disk.ts";

/** The outside systems of one app instance, from its config: built by the composition root (`src/app.ts`). */
export function createAppContext(
  config: Config,
  db: Db,
  log: Logger,
  features: readonly Feature[],
): AppContext {
  const instanceId = randomUUID();
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, log, instanceId) : null;
  return {
    clock: systemClock,
    config,
    db,
    features,
    log,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, "outbox"),
      log,
    }),
    realtime: createRealtime({
      db,
      redis,
      redisPrefix: config.REDIS_PREFIX,
      log,
      allowedOrigins: config.allowedOrigins,
    }),
    rateLimits: createPostgresRateLimitStore(db),
    redis,
    instanceId,
    services: new ServiceRegistry(),
    storage: createLocalDiskStorage(path.join(config.DATA_DIR, "uploads")),
  };
}
