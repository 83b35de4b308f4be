import path from "node:path";
import pino from "pino";
import { ensureFirstAdmin } from "./features/auth/first-admin.ts";
import { JOBS } from "./jobs.ts";
import { buildApp } from "./platform/app.ts";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { createAppContext } from "./platform/create-context.ts";
import { openDatabase } from "./platform/db/index.ts";
import { createJobRunner } from "./platform/jobs/index.ts";

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
  const log = pino({
    level: config.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers['x-csrf-token']", "res.headers['set-cookie']"],
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: path.join(config.DATA_DIR, "db"),
    onIdleError: (err) => log.warn({ err }, "idle database connection lost"),
  });
  await database.migrate();
  log.info({ database: database.kind }, "database ready, migrations applied");

  const ctx = createAppContext(config, database.db, log);
  await ensureFirstAdmin(ctx, (line) => console.log(line));

  const app = await buildApp(ctx, { jobs: createJobRunner(ctx, JOBS) });
  await app.listen({ host: config.HOST, port: config.PORT });
  console.log(`Airwave is running on http://${config.HOST}:${config.PORT}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    ctx.mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
