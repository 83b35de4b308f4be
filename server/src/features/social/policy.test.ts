import { SOCIAL_MESSAGES, USER_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { socialPolicy } from "./policy.ts";
import type { Relation } from "./visibility.ts";

const rel = (facts: Partial<Relation> = {}): Relation => ({
  self: false,
  isFollowing: false,
  followsMe: false,
  blockedByMe: false,
  hasBlockedMe: false,
  requestedByMe: false,
  hasRequestedToFollowMe: false,
  ...facts,
});
const REL = {
  stranger: rel(),
  self: rel({ self: true }),
  follower: rel({ isFollowing: true }),
  followsMe: rel({ followsMe: true }),
  requested: rel({ requestedByMe: true }),
  blockedByMe: rel({ blockedByMe: true }),
  hasBlockedMe: rel({ hasBlockedMe: true }),
};
type RelName = keyof typeof REL;

const MEMBER = {
  public: { role: "user", banExpiresAt: null, isPrivate: false },
  private: { role: "user", banExpiresAt: null, isPrivate: true },
  banned: { role: "banned", banExpiresAt: null, isPrivate: false },
};
type MemberName = keyof typeof MEMBER;

type Row = [role: string, member: MemberName, relation: RelName, expected: [number, string] | null];

const S = SOCIAL_MESSAGES;
const U = USER_MESSAGES;

/** Expected answer per action: [actor role, other member, relation] -> [status, message] or allowed. */
const table: Record<keyof typeof socialPolicy, Row[]> = {
  follow: [
    ["user", "public", "stranger", null],
    ["user", "private", "stranger", null],
    ["user", "private", "requested", null],
    ["user", "public", "followsMe", null],
    ["user", "public", "self", [400, S.cannotFollowSelf]],
    ["user", "public", "follower", [400, S.alreadyFollowing]],
    ["user", "private", "follower", [400, S.alreadyFollowing]],
    ["user", "public", "blockedByMe", [403, S.blocked]],
    ["user", "public", "hasBlockedMe", [403, S.blocked]],
    ["Admin", "public", "hasBlockedMe", [403, S.blocked]],
    ["user", "banned", "stranger", [403, U.userBanned]],
    ["Moderator", "banned", "stranger", null],
  ],
  block: [
    ["user", "public", "stranger", null],
    ["user", "public", "follower", null],
    ["user", "public", "hasBlockedMe", null],
    ["user", "banned", "stranger", null],
    ["Admin", "public", "self", [400, S.cannotBlockSelf]],
    ["user", "public", "self", [400, S.cannotBlockSelf]],
  ],
  viewLists: [
    ["user", "public", "stranger", null],
    ["user", "public", "self", null],
    ["user", "private", "self", null],
    ["user", "private", "follower", null],
    ["user", "private", "stranger", [403, U.profilePrivate]],
    ["user", "private", "requested", [403, U.profilePrivate]],
    ["Admin", "private", "stranger", [403, U.profilePrivate]],
    ["user", "public", "blockedByMe", [403, S.blocked]],
    ["user", "public", "hasBlockedMe", [403, U.blockedProfile]],
    ["user", "banned", "stranger", [403, U.userBanned]],
    ["Admin", "banned", "stranger", null],
  ],
};

describe("socialPolicy", () => {
  it("covers every action of the policy in this table", () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(socialPolicy).sort());
  });

  for (const [action, rows] of Object.entries(table) as [keyof typeof socialPolicy, Row[]][]) {
    it.each(rows)(`${action}: %s -> %s profile as %s -> %j`, (role, m, r, expected) => {
      const refusal = socialPolicy[action]({ role }, MEMBER[m], REL[r]);
      expect(refusal ? [refusal.status, refusal.message] : null).toEqual(expected);
    });
  }
});
