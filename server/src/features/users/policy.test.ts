import { SOCIAL_MESSAGES, USER_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { Relation } from "../social/visibility.ts";
import { usersPolicy } from "./policy.ts";

const none: Relation = {
  self: false,
  isFollowing: false,
  followsMe: false,
  blockedByMe: false,
  hasBlockedMe: false,
  requestedByMe: false,
  hasRequestedToFollowMe: false,
};
const rel = (facts: Partial<Relation> = {}): Relation => ({ ...none, ...facts });
const REL = {
  stranger: rel(),
  self: rel({ self: true }),
  follower: rel({ isFollowing: true }),
  requested: rel({ requestedByMe: true }),
  blockedByMe: rel({ blockedByMe: true }),
  hasBlockedMe: rel({ hasBlockedMe: true }),
  followerBlockedMe: rel({ isFollowing: true, hasBlockedMe: true }),
};
type RelName = keyof typeof REL;

const MEMBER = {
  public: { role: "user", banExpiresAt: null, isPrivate: false },
  private: { role: "user", banExpiresAt: null, isPrivate: true },
  banned: { role: "banned", banExpiresAt: null, isPrivate: false },
  bannedUntilTomorrow: {
    role: "banned",
    banExpiresAt: new Date(Date.now() + 86_400_000),
    isPrivate: false,
  },
  banExpired: { role: "banned", banExpiresAt: new Date(Date.now() - 1000), isPrivate: false },
};
type MemberName = keyof typeof MEMBER;

const banned = USER_MESSAGES.userBanned;
const blockedProfile = USER_MESSAGES.blockedProfile;

/** viewProfile: [viewer role, member, relation] -> refusal message, or null when allowed. */
const viewProfileTable: [string, MemberName, RelName, string | null][] = [
  ["user", "public", "stranger", null],
  ["user", "private", "stranger", null],
  ["user", "public", "self", null],
  ["user", "banned", "stranger", banned],
  ["user", "bannedUntilTomorrow", "follower", banned],
  ["user", "banExpired", "stranger", null],
  ["Admin", "banned", "stranger", null],
  ["moderator", "banned", "stranger", null],
  ["user", "public", "hasBlockedMe", blockedProfile],
  ["user", "public", "followerBlockedMe", blockedProfile],
  ["Admin", "public", "hasBlockedMe", blockedProfile],
  ["user", "public", "blockedByMe", null],
];

/** viewContent: [viewer role, member, relation] -> may see details, posts, lists, photos. */
const viewContentTable: [string, MemberName, RelName, boolean][] = [
  ["user", "public", "stranger", true],
  ["user", "private", "stranger", false],
  ["user", "private", "requested", false],
  ["user", "private", "follower", true],
  ["user", "private", "self", true],
  ["Admin", "private", "stranger", false],
  ["user", "public", "blockedByMe", false],
  ["user", "public", "hasBlockedMe", false],
  ["user", "private", "followerBlockedMe", false],
  ["user", "banned", "stranger", false],
  ["Moderator", "banned", "stranger", true],
];

/** limitedNotice: [member, relation] -> the notice of a limited profile. */
const noticeTable: [MemberName, RelName, string | undefined][] = [
  ["private", "stranger", USER_MESSAGES.profilePrivate],
  ["private", "requested", USER_MESSAGES.profilePrivate],
  ["private", "follower", undefined],
  ["private", "self", undefined],
  ["public", "stranger", undefined],
  ["public", "blockedByMe", SOCIAL_MESSAGES.blocked],
  ["private", "blockedByMe", SOCIAL_MESSAGES.blocked],
];

describe("usersPolicy", () => {
  it("covers every rule of the policy in these tables", () => {
    expect(Object.keys(usersPolicy).sort()).toEqual(
      ["limitedNotice", "viewContent", "viewFollowRequests", "viewProfile"].sort(),
    );
  });

  it.each(viewProfileTable)(
    "viewProfile: %s viewing a %s profile as %s -> %s",
    (role, m, r, msg) => {
      const refusal = usersPolicy.viewProfile({ role }, MEMBER[m], REL[r]);
      expect(refusal?.message ?? null).toBe(msg);
      if (refusal) expect(refusal.status).toBe(403);
      if (msg === banned) expect(refusal?.extra).toEqual({ banned: true });
    },
  );

  it.each(viewContentTable)("viewContent: %s, %s profile, %s -> %s", (role, m, r, allowed) => {
    expect(usersPolicy.viewContent({ role }, MEMBER[m], REL[r])).toBe(allowed);
  });

  it.each(noticeTable)("limitedNotice: %s profile, %s -> %s", (m, r, notice) => {
    expect(usersPolicy.limitedNotice(MEMBER[m], REL[r])).toBe(notice);
  });

  it.each([
    ["self", true],
    ["stranger", false],
    ["follower", false],
    ["requested", false],
  ] as [RelName, boolean][])("viewFollowRequests: %s -> %s", (r, allowed) => {
    expect(usersPolicy.viewFollowRequests(REL[r])).toBe(allowed);
  });
});
