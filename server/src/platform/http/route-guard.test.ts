import {
  CSRF_EXEMPT_API_ROUTES,
  CSRF_HEADER,
  HTTP_MESSAGES,
  isPublicApiRoute,
  PUBLIC_API_ROUTES,
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
/** Public means listed for the method as the client calls it; HEAD is GET's answer without a body. */
const isPublic = (r: RegisteredRoute) =>
  isPublicApiRoute(r.method === "HEAD" ? "GET" : r.method, r.url);

async function call(agent: Agent, route: RegisteredRoute, headers: Record<string, string> = {}) {
  const body = STATE_CHANGING.has(route.method) ? {} : undefined;
  return agent.request(route.method as Method, concrete(route.url), { body, headers });
}

describe("every registered /api route", () => {
  it("is collected, with every entry of PUBLIC_API_ROUTES among them", () => {
    const registered = new Set(api.map(key));
    expect(registered).toContain("GET /api/auth/userdata");
    expect(registered).toContain("POST /api/auth/registration/status");
    for (const entry of PUBLIC_API_ROUTES) expect(registered).toContain(entry);
  });

  it("refuses a state-changing request without a CSRF token with 403, even signed in", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const member = new Agent(t.app);
    await member.login(user.username, password);
    const visitor = new Agent(t.app);
    await visitor.csrfToken();

    const routes = api.filter(
      (r) => STATE_CHANGING.has(r.method) && !CSRF_EXEMPT_API_ROUTES.includes(key(r)),
    );
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

  it("refuses an anonymous request to a route not in PUBLIC_API_ROUTES with 401", async () => {
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

describe("unknown /api paths", () => {
  it.each(["GET", "POST"] as const)("%s answers 404 JSON { message }", async (method) => {
    const res = await new Agent(t.app).request(method, "/api/no/such/route");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.notFound });
  });
});
