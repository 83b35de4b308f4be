import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("security headers", () => {
  it.each([
    ["an API answer", "/api/health", 200],
    ["an API 404", "/api/nowhere", 404],
    ["a refused call", "/api/auth/getFeed", 401],
  ])("%s carries the CSP and Helmet's headers", async (_what, url, status) => {
    const res = await new Agent(t.app).get(url);
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("https://w.soundcloud.com");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});
