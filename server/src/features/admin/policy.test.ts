import { describe, expect, it } from "vitest";
import { type AdminAction, adminPolicy } from "./policy.ts";

type Actor = Parameters<(typeof adminPolicy)[AdminAction]>[0];

const actors: [string, Actor][] = [
  ["Admin", { role: "Admin" }],
  ["admin (other case)", { role: "admin" }],
  ["Moderator", { role: "Moderator" }],
  ["user", { role: "user" }],
  ["banned", { role: "banned" }],
  ["visitor (null)", null],
];

/** Expected answer per action, in the order of `actors`. */
const expected: Record<AdminAction, boolean[]> = {
  switchRegistration: [true, true, false, false, false, false],
};

describe("adminPolicy", () => {
  it("covers every action of the policy in this table", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(adminPolicy).sort());
  });

  for (const [action, answers] of Object.entries(expected) as [AdminAction, boolean[]][]) {
    it.each(actors.map(([name, actor], i) => [name, answers[i], actor] as const))(
      `${action}: %s -> %s`,
      (_, allowed, actor) => {
        expect(adminPolicy[action](actor)).toBe(allowed);
      },
    );
  }
});
