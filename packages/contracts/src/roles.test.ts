import { describe, expect, it } from "vitest";
import { isAdminRole, isModeratorRole, isStaffRole } from "./roles.ts";

describe("role helpers (compared case-insensitively, as the spec does)", () => {
  it.each([
    ["Admin", true, false, true],
    ["admin", true, false, true],
    ["Moderator", false, true, true],
    ["MODERATOR", false, true, true],
    ["user", false, false, false],
    ["banned", false, false, false],
    ["", false, false, false],
    [null, false, false, false],
    [undefined, false, false, false],
  ])("%s: admin %s, moderator %s, staff %s", (role, admin, moderator, staff) => {
    expect([isAdminRole(role), isModeratorRole(role), isStaffRole(role)]).toEqual([
      admin,
      moderator,
      staff,
    ]);
  });
});
