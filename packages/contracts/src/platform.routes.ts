import { z } from "zod";
import { defineRoutes } from "./route.ts";

/** The parts of an instance its readiness depends on, each "up", "down" or "off" (not configured). */
export const HEALTH_PARTS = ["database", "migrations", "redis", "storage"] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];
const healthState = z.enum(["up", "down", "off"]);

/** The platform's own routes: the health checks and the API's OpenAPI document. */
export const PLATFORM_ROUTES = /* @__PURE__ */ defineRoutes("platform", {
  health: {
    method: "GET",
    path: "/api/health",
    access: "public",
    summary: "Whether the app and its database are up",
    response: z.object({ ok: z.literal(true), database: z.literal("up") }),
  },
  /** Liveness: the process answers (an orchestrator restarts an instance when this fails). */
  healthLive: {
    method: "GET",
    path: "/api/health/live",
    access: "public",
    summary: "Whether the process answers",
    response: z.object({ ok: z.literal(true) }),
  },
  /**
   * Readiness: 200 when the database answers a query, its migrations are applied, Redis answers (when
   * configured) and storage takes a write; 503 naming the parts that failed (a load balancer sends
   * no traffic to the instance meanwhile).
   */
  healthReady: {
    method: "GET",
    path: "/api/health/ready",
    access: "public",
    summary: "Whether the instance can serve: database, migrations, Redis and storage checked",
    response: z.object({
      ok: z.boolean(),
      checks: z.record(z.enum(HEALTH_PARTS), healthState),
      failed: z.array(z.enum(HEALTH_PARTS)),
    }),
  },
  openApi: {
    method: "GET",
    path: "/api/openapi.json",
    access: "public",
    summary: "This document: every API call, from the contracts' route declarations",
    response: z.looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  },
});
