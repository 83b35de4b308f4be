import { CHAT_NAMESPACE } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { FEATURES } from "./features/index.ts";
import { jobsOf } from "./jobs.ts";
import { type BuildAppOptions, buildPlatformApp } from "./platform/app.ts";
import { chatRoomService } from "./platform/chat-room/index.ts";
import type { Config } from "./platform/config.ts";
import type { AppContext } from "./platform/context.ts";
import { createAppContext } from "./platform/create-context.ts";
import type { Db } from "./platform/db/index.ts";
import type { Feature } from "./platform/feature.ts";
import { createJobRunner } from "./platform/jobs/index.ts";
import { TEST_SEAMS } from "./test-seams.ts";

/**
 * The composition root: the only place that knows both the platform and the features. `main.ts`,
 * the tests (`test/app.ts`) and the benchmarks (through `main.ts`) build the app here.
 */

/**
 * The context of one app instance: the platform's outside systems, the feature list (tests may
 * pass the list wrapped, to watch what each feature registers), the platform's chat room host and
 * the features' services, built here once (started and stopped with the app, `buildPlatformApp`),
 * and every feature's chat handlers registered into the room, which opens on the chat namespace.
 */
export function createContext(
  config: Config,
  db: Db,
  log: Logger,
  features: readonly Feature[] = FEATURES,
): AppContext {
  const ctx = createAppContext(config, db, log, features);
  ctx.services.build(ctx, [
    chatRoomService,
    ...features.flatMap((feature) => feature.services ?? []),
  ]);
  const room = ctx.services.get(chatRoomService);
  for (const feature of features) feature.chat?.(room, ctx);
  ctx.realtime.namespace(CHAT_NAMESPACE, (nsp) => room.attach(nsp));
  return ctx;
}

/**
 * The platform's app with every feature's routes, in the feature list's order, and the jobs of the
 * platform and the features (`jobsOf`) unless the caller brings its own runner.
 */
export function buildApp(
  ctx: AppContext,
  options: Omit<BuildAppOptions, "routes"> = {},
): Promise<FastifyInstance> {
  return buildPlatformApp(ctx, {
    ...options,
    jobs: options.jobs ?? createJobRunner(ctx, jobsOf(ctx.features)),
    routes: (app) => {
      for (const feature of ctx.features) feature.routes?.(app, ctx);
      // Test-only routes, never in production (TEST_SEAMS is off unless a test run sets it).
      if (ctx.config.TEST_SEAMS) for (const seam of TEST_SEAMS) seam(app, ctx);
    },
  });
}
