import { HEALTH_PARTS, type HealthPart, PLATFORM_ROUTES } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "./context.ts";
import { latestMigrationMillis } from "./db/index.ts";
import type { routeRegistrar } from "./http/declared-routes.ts";

type State = "up" | "down" | "off";

/** The probes' paths: asked every few seconds by orchestrators, so kept out of the traffic log and the info log. */
export const HEALTH_PROBE_PATHS: ReadonlySet<string> = new Set(
  [PLATFORM_ROUTES.health, PLATFORM_ROUTES.healthLive, PLATFORM_ROUTES.healthReady].map(
    (r) => r.path,
  ),
);

/** How long one part may take to answer before the instance counts it as down. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The storage key a readiness check writes and removes (one per instance, never served). */
const probeKey = (instanceId: string) => `health/${instanceId}.txt`;

/** Each part's check: resolves when the part is usable, throws (or times out) when it is not. */
function partChecks(ctx: AppContext): Record<HealthPart, (() => Promise<void>) | null> {
  const newestMigration = latestMigrationMillis();
  return {
    database: async () => {
      await ctx.db.execute(sql`select 1`);
    },
    migrations: async () => {
      const rows = await ctx.db.execute<{ at: string | number | null }>(
        sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
      );
      const at = Number((rows as unknown as { rows: { at: unknown }[] }).rows[0]?.at ?? 0);
      if (!(at >= newestMigration)) throw new Error("migrations not applied");
    },
    redis: ctx.redis
      ? async () => {
          await ctx.redis?.ping();
        }
      : null,
    storage: async () => {
      const key = probeKey(ctx.instanceId);
      await ctx.storage.put(key, Buffer.from("ok"), "text/plain");
      await ctx.storage.delete(key);
    },
  };
}

/**
 * Liveness and readiness (`/api/health/live`, `/api/health/ready`), for orchestrators and load
 * balancers. Readiness asks every part at once, each within 3 s; a failure is named in the answer
 * (which part, not why: the reason goes to the log, where an operator reads it).
 */
export function installHealthRoutes(ctx: AppContext, route: ReturnType<typeof routeRegistrar>) {
  route(PLATFORM_ROUTES.health, async () => ({ ok: true, database: "up" }));
  route(PLATFORM_ROUTES.healthLive, async () => ({ ok: true }));
  const checks = partChecks(ctx);
  route(PLATFORM_ROUTES.healthReady, async (_request, reply) => {
    const states = await Promise.all(
      HEALTH_PARTS.map(async (part): Promise<State> => {
        const check = checks[part];
        if (!check) return "off";
        try {
          await withTimeout(check());
          return "up";
        } catch (err) {
          ctx.log.warn({ part, err: (err as Error).message }, "readiness check failed");
          return "down";
        }
      }),
    );
    const result = Object.fromEntries(HEALTH_PARTS.map((part, i) => [part, states[i]])) as Record<
      HealthPart,
      State
    >;
    const failed = HEALTH_PARTS.filter((part) => result[part] === "down");
    if (failed.length > 0) reply.status(503);
    return { ok: failed.length === 0, checks: result, failed };
  });
}
