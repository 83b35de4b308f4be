import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADMIN_POSTS_MESSAGES,
  adminPostsQuerySchema,
  minReportsSchema,
  reportSeverity,
} from "./admin-posts.ts";

describe("reportSeverity (admin spec 9)", () => {
  it.each([
    [0, "info"],
    [1, "info"],
    [4, "info"],
    [5, "warning"],
    [9, "warning"],
    [10, "error"],
    [250, "error"],
  ])("%i reports are %s", (count, severity) => {
    expect(reportSeverity(count)).toBe(severity);
  });
});

describe("the posts list query (admin spec 5: minimum reports at least 1)", () => {
  it("accepts any whole minimum from 1, and defaults to all posts, minimum 1, page 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(minReportsSchema.parse(String(n))).toBe(n);
      }),
    );
    expect(adminPostsQuerySchema.parse({})).toEqual({ view: "all", min: 1, page: 1 });
    expect(adminPostsQuerySchema.parse({ view: "reported", reason: "", min: "" })).toEqual({
      view: "reported",
      min: 1,
      page: 1,
    });
  });

  it("refuses a minimum below 1 or not whole with its message", () => {
    for (const min of ["0", "-1", "2.5", "x"]) {
      const result = adminPostsQuerySchema.safeParse({ view: "reported", min });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ADMIN_POSTS_MESSAGES.minReportsInvalid);
    }
  });

  it("accepts only the eight report reasons", () => {
    expect(adminPostsQuerySchema.parse({ reason: "hate" }).reason).toBe("hate");
    expect(adminPostsQuerySchema.safeParse({ reason: "rude" }).success).toBe(false);
  });
});
