import { describe, expect, it } from "vitest";
import { type IpBanAction, ipBanPolicy } from "./policy.ts";

type Actor = Parameters<(typeof ipBanPolicy)[IpBanAction]>[0];

const actors: [string, Actor][] = [
  ["Admin", { role: "Admin" }],
  ["admin (other case)", { role: "admin" }],
  ["Moderator", { role: "Moderator" }],
  ["user", { role: "user" }],
  ["banned", { role: "banned" }],
  ["visitor (null)", null],
];

const adminOnly = [true, true, false, false, false, false];
const expected: Record<IpBanAction, boolean[]> = {
  list: adminOnly,
  ban: adminOnly,
  unban: adminOnly,
};

describe("ipBanPolicy (Admin only; a Moderator cannot manage IP bans)", () => {
  it("covers every action of the policy in this table", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(ipBanPolicy).sort());
  });

  for (const [action, answers] of Object.entries(expected) as [IpBanAction, boolean[]][]) {
    it.each(actors.map(([name, actor], i) => [name, answers[i], actor] as const))(
      `${action}: %s -> %s`,
      (_, allowed, actor) => {
        expect(ipBanPolicy[action](actor)).toBe(allowed);
      },
    );
  }
});
