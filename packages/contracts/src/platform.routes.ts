import { z } from "zod";
import { defineRoutes } from "./route.ts";

/** The platform's own routes: the health check and the API's OpenAPI document. */
export const PLATFORM_ROUTES = /* @__PURE__ */ defineRoutes("platform", {
  health: {
    method: "GET",
    path: "/api/health",
    access: "public",
    summary: "Whether the app and its database are up",
    response: z.object({ ok: z.literal(true), database: z.literal("up") }),
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
