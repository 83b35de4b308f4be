import { describe, expect, it } from "vitest";
import { adminPostsPolicy } from "./policy.ts";

describe("adminPostsPolicy.view", () => {
  it.each([
    [null, false],
    [{ role: "user" }, false],
    [{ role: "banned" }, false],
    [{ role: "Moderator" }, false],
    [{ role: "Admin" }, true],
  ])("%o may view: %s", (actor, allowed) => {
    expect(adminPostsPolicy.view(actor)).toBe(allowed);
  });
});
