// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import { schemaFreeRoutes } from "../../scripts/schema-free-routes.ts";

const contracts = path.resolve(import.meta.dirname, "../../../packages/contracts/src");
const transform = (code: string, id: string) => {
  const hook = schemaFreeRoutes().transform as {
    handler: (code: string, id: string) => { code: string };
  };
  return hook.handler(code, id).code;
};

describe("the web's schema-free route tables", () => {
  it("keeps each route's method, path and the rest, and drops its four schemas", () => {
    const out = transform(
      `export const T = defineRoutes("t", {
        a: { method: "GET", path: "/api/a/:id", access: "member", summary: "A", params: P, query: z.object({ q: z.string() }), response: R },
        b: {
          method: "POST",
          path: "/api/b",
          body: B,
          response: R,
          status: 201,
        },
      });`,
      `${contracts}/t.routes.ts`,
    );
    expect(out.replace(/\s+/g, " ")).toBe(
      `export const T = defineRoutes("t", { a: { method: "GET", path: "/api/a/:id", access: "member", summary: "A", }, b: { method: "POST", path: "/api/b", status: 201, }, });`,
    );
  });

  it("turns every route table of the contracts into valid code without a schema", () => {
    const files = readdirSync(contracts).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    let tables = 0;
    for (const file of files) {
      const id = path.join(contracts, file);
      const code = readFileSync(id, "utf8");
      if (!code.includes("defineRoutes(")) continue;
      tables++;
      const out = transform(code, id);
      expect(parseSync(id, out, { lang: "ts" }).errors, file).toEqual([]);
      const declarations = out.slice(out.indexOf("defineRoutes("));
      expect(declarations, file).not.toMatch(/^\s*(params|query|body|response):/m);
      expect(declarations, file).toMatch(/method:/);
    }
    expect(tables).toBeGreaterThan(10);
  });
});
