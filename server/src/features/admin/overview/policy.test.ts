import { describe, expect, it } from "vitest";
import { overviewPolicy } from "./policy.ts";

describe("overview policy", () => {
  it.each([
    [null, false],
    [{ role: "user" }, false],
    [{ role: "banned" }, false],
    [{ role: "Moderator" }, false],
    [{ role: "Admin" }, true],
    [{ role: "admin" }, true],
  ])("view as %j: %s", (actor, allowed) => {
    expect(overviewPolicy.view(actor)).toBe(allowed);
  });
});
