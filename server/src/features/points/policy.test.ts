import { describe, expect, it } from "vitest";
import { type PointsAction, pointsPolicy } from "./policy.ts";

type Actor = Parameters<(typeof pointsPolicy)[PointsAction]>[0];

const actors: [string, Actor][] = [
  ["Admin", { role: "Admin" }],
  ["Moderator", { role: "Moderator" }],
  ["user", { role: "user" }],
  ["banned", { role: "banned" }],
  ["visitor (null)", null],
];

/** Expected answer per action, in the order of `actors` (admin spec 6: Admin only). */
const expected: Record<PointsAction, boolean[]> = {
  readMemberPoints: [true, false, false, false, false],
  grantPoints: [true, false, false, false, false],
  setScoreboardExclusion: [true, false, false, false, false],
};

describe("pointsPolicy", () => {
  it("covers every action of the policy in this table", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(pointsPolicy).sort());
  });

  for (const [action, answers] of Object.entries(expected) as [PointsAction, boolean[]][]) {
    it.each(actors.map(([name, actor], i) => [name, answers[i], actor] as const))(
      `${action}: %s -> %s`,
      (_, allowed, actor) => {
        expect(pointsPolicy[action](actor)).toBe(allowed);
      },
    );
  }
});
