import {
  accessRefusal,
  CSRF_HEADER,
  type DeclaredRoute,
  HTTP_MESSAGES,
  isCsrfExemptAccess,
  isPublicAccess,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, type Method } from "../../../test/agent.ts";
import { createTestApp, type RegisteredRoute, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildUser } from "../../../test/factories.ts";
import { users } from "../identity/users.schema.ts";

let t: TestApp;
let api: RegisteredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  api = t.routes.filter((r) => r.url.startsWith("/api/"));
});
afterAll(() => t.close());

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
/** A concrete path for a declared one: every `:param` (with an optional regex) and `*` filled in. */
const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, "1").replace(/\*/g, "x");
/** A registered route's declaration; HEAD is GET's answer without a body. */
const declarationOf = (r: RegisteredRoute): DeclaredRoute | undefined =>
  t.app.declaredRoutes.find(
    (d) => d.path === r.url && d.method === (r.method === "HEAD" ? "GET" : r.method),
  );
/** Public means declared so (or the station's key instead of a session). */
const isPublic = (r: RegisteredRoute) => {
  const declaration = declarationOf(r);
  return !!declaration && isPublicAccess(declaration.access);
};
const isCsrfExempt = (r: RegisteredRoute) => {
  const declaration = declarationOf(r);
  return !!declaration && isCsrfExemptAccess(declaration.access);
};

async function call(agent: Agent, route: RegisteredRoute, headers: Record<string, string> = {}) {
  const body = STATE_CHANGING.has(route.method) ? {} : undefined;
  return agent.request(route.method as Method, concrete(route.url), { body, headers });
}

describe("every registered /api route", () => {
  it("is collected, and registered from a declaration in the contracts", () => {
    const registered = new Set(api.map(key));
    expect(registered).toContain("GET /api/auth/userdata");
    expect(registered).toContain("POST /api/auth/registration/status");
    const undeclared = api.filter((r) => !declarationOf(r)).map(key);
    expect(undeclared).toEqual([]);
  });

  it("derives the public and CSRF-exempt lists from the declarations", () => {
    const publicRoutes = api.filter((r) => r.method !== "HEAD" && isPublic(r)).map(key);
    expect(publicRoutes.sort()).toEqual(
      [
        "GET /api/health",
        "GET /api/health/live",
        "GET /api/health/ready",
        "GET /api/openapi.json",
        "GET /api/auth/authRequest",
        "GET /api/auth/checkauth",
        "POST /api/auth/register",
        "GET /api/auth/registration/status",
        "POST /api/auth/login",
        "GET /api/auth/logout",
        "POST /api/auth/forgotPassword",
        "POST /api/auth/resetPassword",
        "POST /api/home/contact",
        "GET /api/auth/schedule",
        "GET /api/auth/theme-settings",
        "GET /api/build-version",
        "GET /api/radio/nowplaying",
        "GET /api/radio/stream",
        "POST /api/internal/radio/auth",
        "POST /api/internal/radio/djon",
        "POST /api/internal/radio/djoff",
        "POST /api/internal/radio/live",
        "POST /api/internal/radio/track",
      ].sort(),
    );
    expect(api.filter(isCsrfExempt).map(key).sort()).toEqual([
      "POST /api/internal/radio/auth",
      "POST /api/internal/radio/djoff",
      "POST /api/internal/radio/djon",
      "POST /api/internal/radio/live",
      "POST /api/internal/radio/track",
    ]);
  });

  it("refuses a state-changing request without a CSRF token with 403, even signed in", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const member = new Agent(t.app);
    await member.login(user.username, password);
    const visitor = new Agent(t.app);
    await visitor.csrfToken();

    const routes = api.filter((r) => STATE_CHANGING.has(r.method) && !isCsrfExempt(r));
    expect(routes.length).toBeGreaterThan(0);
    const before = await countRows(t.ctx.db, users);
    for (const route of routes) {
      for (const agent of [member, visitor]) {
        const res = await call(agent, route);
        expect({ route: key(route), status: res.statusCode, body: res.json() }).toEqual({
          route: key(route),
          status: 403,
          body: { message: HTTP_MESSAGES.invalidCsrf },
        });
      }
    }
    expect(await countRows(t.ctx.db, users)).toBe(before);
  });

  it("refuses an anonymous request to a route not declared public with 401", async () => {
    const visitor = new Agent(t.app);
    const token = await visitor.csrfToken();
    const routes = api.filter((r) => !isPublic(r));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const res = await call(visitor, route, { [CSRF_HEADER]: token });
      expect({ route: key(route), status: res.statusCode }).toEqual({
        route: key(route),
        status: 401,
      });
      if (route.method !== "HEAD") {
        expect(res.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });
      }
    }
  });

  it("lets a visitor reach every public route (neither 401 nor 403), writing no account", async () => {
    const visitor = new Agent(t.app);
    const token = await visitor.csrfToken();
    const before = await countRows(t.ctx.db, users);
    for (const route of api.filter(isPublic)) {
      const res = await call(visitor, route, { [CSRF_HEADER]: token });
      expect({ route: key(route), refused: [401, 403].includes(res.statusCode) }).toEqual({
        route: key(route),
        refused: false,
      });
    }
    expect(await countRows(t.ctx.db, users)).toBe(before);
  });
});

describe("roles a declaration excludes", () => {
  it("refuses a signed-in member with 403 and the declared message before reading input", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const member = new Agent(t.app);
    await member.login(user.username, password);
    const token = await member.csrfToken();
    const routes = api.filter((r) => {
      const declaration = declarationOf(r);
      return !!declaration && accessRefusal(declaration.access, user) === 403;
    });
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const res = await call(member, route, { [CSRF_HEADER]: token });
      expect({ route: key(route), status: res.statusCode }).toEqual({
        route: key(route),
        status: 403,
      });
      if (route.method !== "HEAD") {
        const message = declarationOf(route)?.refusal ?? HTTP_MESSAGES.forbidden;
        expect(res.json()).toEqual({ message });
      }
    }
  });
});

describe("/api/openapi.json", () => {
  it("documents every registered /api route and declared public file (the radio's playlists), with its access, and nothing else", async () => {
    const res = await new Agent(t.app).get("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; "x-access": string }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
      ),
    );
    const declared = t.routes.filter(
      (r) => r.method !== "HEAD" && (r.url.startsWith("/api/") || declarationOf(r)),
    );
    expect(declared.map(key)).toEqual(
      expect.arrayContaining(["GET /listen.m3u", "GET /listen.pls", "GET /manifest.webmanifest"]),
    );
    expect(documented.sort()).toEqual(declared.map(key).sort());
    for (const route of declared) {
      const operation =
        doc.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
      expect(operation?.["x-access"]).toBe(declarationOf(route)?.access);
    }
  });
});

describe("unknown /api paths", () => {
  it.each(["GET", "POST"] as const)("%s answers 404 JSON { message }", async (method) => {
    const res = await new Agent(t.app).request(method, "/api/no/such/route");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.notFound });
  });
});
