import os from "node:os";
import path from "node:path";
import { buildApp, createContext } from "./app.ts";
import { ensureFirstAdmin } from "./features/auth/first-admin.ts";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { openDatabase } from "./platform/db/index.ts";
import { logOutput } from "./platform/log-output.ts";
import { createLogger, prettyLogs } from "./platform/logger.ts";
import { startStopWatchdog } from "./platform/stop-watchdog.ts";

/** How long a graceful stop may take before the process exits without waiting. */
const STOP_TIMEOUT_MS = 10_000;
/** How long the output may take to be read before the exit (what is left is lost). */
const FLUSH_TIMEOUT_MS = 1_000;
/**
 * After a stop's deadline (or a second signal), how long process.exit() may take before the
 * watchdog kills the process (SIGKILL, from a worker thread: docs/operating.md Deploying, "Stopping").
 */
const KILL_AFTER_EXIT_MS = 5_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Started first: a stop must end even when the main thread cannot run any more.
  const watchdog = startStopWatchdog();
  // Never blocks, bounded; not pino's default destination, whose exit hook can block forever.
  const out = logOutput();
  const log = createLogger(config.LOG_LEVEL, out, {
    pretty: prettyLogs(config.LOG_FORMAT, process.stdout.isTTY === true),
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: path.join(config.DATA_DIR, "db"),
    onIdleError: (err) => log.warn({ err }, "idle database connection lost"),
  });
  await database.migrate();
  log.info({ database: database.kind }, "database ready, migrations applied");

  const ctx = createContext(config, database.db, log);
  await ensureFirstAdmin(ctx, (line) => out.line(line));

  const app = await buildApp(ctx);

  // Graceful stop (docs/operating.md: Deploying): the app stops taking connections and requests, closes the
  // Socket.IO connections (clients reconnect, to another instance behind a proxy), lets the requests
  // in flight finish, waits for a running job, writes buffered rows (ctx.services), then the mailer
  // and the database close. A second signal, or a stop longer than STOP_TIMEOUT_MS, exits at once;
  // should that exit not end the process, the watchdog kills it KILL_AFTER_EXIT_MS later.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      watchdog.killAfter(KILL_AFTER_EXIT_MS);
      log.warn({ signal }, "second signal: exiting without waiting");
      process.exit(128 + os.constants.signals[signal]);
    }
    stopping = true;
    watchdog.killAfter(STOP_TIMEOUT_MS + KILL_AFTER_EXIT_MS);
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error({ timeoutMs: STOP_TIMEOUT_MS }, "stop took too long: exiting without waiting");
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      ctx.mailer.close();
      await database.close();
    } catch (err) {
      log.error({ err }, "stop failed");
      process.exit(1);
    }
    log.info("stopped");
    await out.flushed(FLUSH_TIMEOUT_MS);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // Listening only once a signal stops it gracefully: whoever sees the line below may send one.
  await app.listen({ host: config.HOST, port: config.PORT });
  // The instance id also names this instance in Redis (chat presence) and in `job_runs.ran_by`.
  out.line(
    `Airwave is running on http://${config.HOST}:${config.PORT} (instance ${ctx.instanceId})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
