import type { $ZodType, input, output } from "zod/v4/core";
import type { RateLimitName } from "./rate-limits.ts";
import { isAdminRole, isStaffRole } from "./roles.ts";

/**
 * Routes declared once (issue 14): each call's method, path, who may call it, request schemas and
 * answer schema. The server registers its routes from these declarations (validation, access, the
 * public and CSRF-exempt lists, the OpenAPI document), the web calls them through one typed client,
 * and the server tests check every answer against its schema. Only types come from zod here, so a
 * declaration costs the web bundle nothing but its own schemas.
 */

/**
 * Who may call a route:
 * - `public`: anyone, no session needed;
 * - `member`: a signed-in member (401 without a session);
 * - `staff`: an Admin or a Moderator (401 without a session, 403 for anyone else);
 * - `admin`: an Admin (401 without a session, 403 for anyone else);
 * - `station`: the radio station's Liquidsoap, which sends the shared key header instead of a
 *   session or a CSRF token (the route checks the key).
 */
export type RouteAccess = "public" | "member" | "staff" | "admin" | "station";

export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDeclaration {
  method: RouteMethod;
  /** As Fastify registers it: `:name` for a path parameter, `*` for the rest of the path. */
  path: string;
  access: RouteAccess;
  /** One line for the OpenAPI document. */
  summary: string;
  params?: $ZodType;
  query?: $ZodType;
  /** A JSON body. */
  body?: $ZodType;
  /** A multipart body instead: its file field and its text fields. */
  form?: { file: string; fields: readonly string[] };
  /** The answer on success (JSON unless `contentType` says otherwise). */
  response: $ZodType;
  /** The answer's content type when it is not JSON (the radio stream). */
  contentType?: string;
  /** The status on success (default 200). */
  status?: 200 | 201;
  /** The message of the 403 for a signed-in member the access excludes (default: the generic one). */
  refusal?: string;
  /** The abuse limits the call counts against (`RATE_LIMITS`), before its input is read. */
  rateLimits?: readonly RateLimitName[];
}

/** A declaration with its id (`feature.name`), as `defineRoutes` returns it. */
export type DeclaredRoute<R extends RouteDeclaration = RouteDeclaration> = R & { id: string };

/** One feature's routes: each declaration gets the id `feature.key` (the OpenAPI operation id). */
export function defineRoutes<const T extends Record<string, RouteDeclaration>>(
  feature: string,
  routes: T,
): { [K in keyof T]: DeclaredRoute<T[K]> } {
  const out: Record<string, DeclaredRoute> = {};
  for (const [key, route] of Object.entries(routes))
    out[key] = { ...route, id: `${feature}.${key}` };
  return out as { [K in keyof T]: DeclaredRoute<T[K]> };
}

/** Whether a route can be called without a session (the server's public list). */
export const isPublicAccess = (access: RouteAccess) => access === "public" || access === "station";

/** Whether a state-changing call needs no CSRF token (it authenticates with a shared key). */
export const isCsrfExemptAccess = (access: RouteAccess) => access === "station";

/**
 * What the access of a route answers a caller: null to let them through, 401 without a session
 * where one is needed, 403 for a signed-in member the role excludes.
 */
export function accessRefusal(
  access: RouteAccess,
  actor: { role: string } | null | undefined,
): 401 | 403 | null {
  if (isPublicAccess(access)) return null;
  if (!actor) return 401;
  if (access === "admin" && !isAdminRole(actor.role)) return 403;
  if (access === "staff" && !isStaffRole(actor.role)) return 403;
  return null;
}

/** A declared path with its `:params` filled in, each escaped. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** What a client sends: path parameters, query and body, typed from the declaration. */
export type RouteParams<R> = R extends { params: infer S extends $ZodType } ? input<S> : undefined;
export type RouteQuery<R> = R extends { query: infer S extends $ZodType } ? input<S> : undefined;
export type RouteBody<R> = R extends { body: infer S extends $ZodType } ? input<S> : undefined;
/** What the route answers on success. */
export type RouteAnswer<R> = R extends { response: infer S extends $ZodType } ? output<S> : never;
