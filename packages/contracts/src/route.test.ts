import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  accessRefusal,
  defineRoutes,
  isCsrfExemptAccess,
  isPublicAccess,
  routePath,
} from "./route.ts";

describe("defineRoutes", () => {
  it("names each declaration feature.key and keeps the rest as declared", () => {
    const routes = defineRoutes("things", {
      list: {
        method: "GET",
        path: "/api/things",
        access: "member",
        summary: "Things",
        response: z.object({ things: z.array(z.string()) }),
      },
    });
    expect(routes.list.id).toBe("things.list");
    expect(routes.list.path).toBe("/api/things");
  });
});

describe("access", () => {
  const member = { role: "user" };
  const moderator = { role: "Moderator" };
  const admin = { role: "admin" };
  it.each([
    ["public", null, null],
    ["station", null, null],
    ["member", null, 401],
    ["member", member, null],
    ["staff", member, 403],
    ["staff", moderator, null],
    ["staff", admin, null],
    ["admin", moderator, 403],
    ["admin", admin, null],
  ] as const)("%s for %o: %s", (access, actor, refusal) => {
    expect(accessRefusal(access, actor)).toBe(refusal);
  });

  it("public routes need no session; only the station's skip the CSRF token", () => {
    expect(isPublicAccess("public") && isPublicAccess("station")).toBe(true);
    expect(isPublicAccess("member")).toBe(false);
    expect(isCsrfExemptAccess("station")).toBe(true);
    expect(isCsrfExemptAccess("public")).toBe(false);
  });
});

describe("routePath", () => {
  it("fills each :param, escaped", () => {
    expect(routePath("/api/x/:id/y/:ip", { id: "a b/c", ip: "::1" })).toBe(
      "/api/x/a%20b%2Fc/y/%3A%3A1",
    );
  });
  it("refuses a missing parameter", () => {
    expect(() => routePath("/api/x/:id")).toThrow(/:id/);
  });
});
