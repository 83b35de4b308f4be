import { PRIVATE_MESSAGE_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import type { Relation } from "../social/visibility.ts";
import { messagesPolicy } from "./policy.ts";

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
  followerBlocked: rel({ isFollowing: true, hasBlockedMe: true }),
};
const RECIPIENT = {
  public: { role: "user", banExpiresAt: null, isPrivate: false },
  private: { role: "user", banExpiresAt: null, isPrivate: true },
  banned: { role: "banned", banExpiresAt: null, isPrivate: false },
  banExpired: { role: "banned", banExpiresAt: new Date(Date.now() - 60_000), isPrivate: false },
};
const M = PRIVATE_MESSAGE_MESSAGES;

type Row = [
  recipient: keyof typeof RECIPIENT,
  relation: keyof typeof REL,
  invitedByRecipient: boolean,
  expected: [number, string] | null,
];

const rows: Row[] = [
  ["public", "stranger", false, null],
  ["public", "follower", false, null],
  ["public", "followsMe", false, null],
  ["public", "self", false, [400, M.cannotMessageSelf]],
  ["public", "blockedByMe", false, [403, M.blocked]],
  ["public", "hasBlockedMe", false, [403, M.blocked]],
  ["private", "followerBlocked", false, [403, M.blocked]],
  ["private", "hasBlockedMe", true, [403, M.blocked]],
  ["private", "stranger", false, [403, M.privateProfile]],
  ["private", "requested", false, [403, M.privateProfile]],
  ["private", "followsMe", false, [403, M.privateProfile]],
  ["private", "follower", false, null],
  ["private", "stranger", true, null],
  ["banned", "stranger", false, [403, M.recipientUnavailable]],
  ["banned", "follower", true, [403, M.recipientUnavailable]],
  ["banExpired", "stranger", false, null],
];

describe("messagesPolicy.message", () => {
  it.each(rows)(
    "to a %s member as %s (invited: %s) -> %j",
    (recipient, relation, invited, expected) => {
      const refusal = messagesPolicy.message(RECIPIENT[recipient], REL[relation], {
        invitedByRecipient: invited,
      });
      expect(refusal ? [refusal.status, refusal.message] : null).toEqual(expected);
    },
  );
});

describe("messagesPolicy.participate", () => {
  it("allows participants and answers everyone else like an unknown conversation", () => {
    expect(messagesPolicy.participate(true)).toBeNull();
    expect(messagesPolicy.participate(false)).toEqual({
      status: 404,
      message: M.conversationNotFound,
    });
  });
});

describe("messagesPolicy.gather", () => {
  it("refuses a conversation whose members include a blocked pair", () => {
    expect(messagesPolicy.gather(false)).toBeNull();
    expect(messagesPolicy.gather(true)).toEqual({ status: 403, message: M.membersBlocked });
  });
});

describe("messagesPolicy.leave", () => {
  it.each([
    [true, true, null],
    [true, false, [400, M.cannotLeaveOneToOne]],
    [false, true, [404, M.conversationNotFound]],
    [false, false, [404, M.conversationNotFound]],
  ] as const)("participant %s, group %s -> %j", (isParticipant, isGroup, expected) => {
    const refusal = messagesPolicy.leave(isParticipant, isGroup);
    expect(refusal ? [refusal.status, refusal.message] : null).toEqual(expected);
  });
});
