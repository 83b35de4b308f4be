import { NOTIFICATION_TYPES, type NotificationView, PATHS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { notificationTarget, requesterOf } from "./target.ts";

const base: NotificationView = {
  _id: "n1",
  type: "system",
  from: "alice",
  fromId: "u-alice",
  fromUserId: "u-alice",
  requesterId: null,
  fromImage: null,
  date: "2026-01-01T00:00:00.000Z",
  read: false,
  postid: "p 1",
  postOwnerUsername: "bob",
  meta: {},
};
const me = { username: "me" };
const at = (patch: Partial<NotificationView>) => notificationTarget({ ...base, ...patch }, me);

describe("notificationTarget", () => {
  it("sends follow events to the other member's profile", () => {
    for (const type of ["follow", "follower", "follow-accepted", "follow-request"] as const) {
      expect(at({ type })).toBe(PATHS.user("alice"));
    }
  });

  it("sends post events to the post on its owner's profile, or on the member's own", () => {
    for (const type of ["like", "like-post", "like-comment", "comment", "share", "post"] as const) {
      expect(at({ type })).toBe(`${PATHS.user("bob")}?post=p%201`);
      expect(at({ type, postOwnerUsername: null })).toBe(`${PATHS.user("me")}?post=p%201`);
    }
    expect(at({ type: "like", postid: null })).toBe(PATHS.user("bob"));
  });

  it("sends messages to the inbox and tickets to the tickets page", () => {
    expect(at({ type: "message" })).toBe(PATHS.inbox);
    expect(at({ type: "message", meta: { conversationId: "c 1" } })).toBe(
      `${PATHS.inbox}?convo=c%201`,
    );
    expect(at({ type: "ticket" })).toBe(PATHS.tickets);
    expect(at({ type: "mention" })).toBe(PATHS.chat);
  });

  it("has nowhere to go for system notices or a follow event without a sender", () => {
    expect(at({ type: "system" })).toBeNull();
    expect(at({ type: "follow", from: null })).toBeNull();
    expect(notificationTarget({ ...base, type: "like", postOwnerUsername: null }, null)).toBeNull();
  });

  it("answers every type the contracts name", () => {
    for (const type of NOTIFICATION_TYPES) expect(() => at({ type })).not.toThrow();
  });

  it("finds the requester of a follow request", () => {
    expect(requesterOf({ requesterId: "r", fromId: "f", fromUserId: "u" })).toBe("r");
    expect(requesterOf({ requesterId: null, fromId: "f", fromUserId: "u" })).toBe("f");
    expect(requesterOf({ requesterId: null, fromId: null, fromUserId: null })).toBeNull();
  });
});
