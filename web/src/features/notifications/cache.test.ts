import { NOTIFICATION_LIMITS, type NotificationView } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { markReadLocally, prependNotification, removeLocally } from "./cache.ts";

const n = (id: string, read = false): NotificationView => ({
  _id: id,
  type: "like",
  from: "alice",
  fromId: "a",
  fromUserId: "a",
  requesterId: null,
  fromImage: null,
  date: "2026-01-01T00:00:00.000Z",
  read,
  postid: null,
  postOwnerUsername: null,
  meta: {},
});

describe("notification cache updates", () => {
  it("prepends a pushed notification, counts it unread once, and keeps the cap", () => {
    const prev = { notifications: [n("a"), n("b", true)], unread: 1 };
    const next = prependNotification(prev, n("c"));
    expect(next.notifications.map((x) => x._id)).toEqual(["c", "a", "b"]);
    expect(next.unread).toBe(2);
    expect(prependNotification(next, n("c")).unread).toBe(2);

    const full = {
      notifications: Array.from({ length: NOTIFICATION_LIMITS.listMax }, (_, i) => n(`x${i}`)),
      unread: NOTIFICATION_LIMITS.listMax,
    };
    expect(prependNotification(full, n("new")).notifications).toHaveLength(
      NOTIFICATION_LIMITS.listMax,
    );
  });

  it("marks read and removes, adjusting the unread count only for unread ones", () => {
    const prev = { notifications: [n("a"), n("b", true)], unread: 1 };
    expect(markReadLocally(prev, "a")).toEqual({
      notifications: [n("a", true), n("b", true)],
      unread: 0,
    });
    expect(markReadLocally(prev, "b")).toBe(prev);
    expect(removeLocally(prev, "b")).toEqual({ notifications: [n("a")], unread: 1 });
    expect(removeLocally(prev, "a")).toEqual({ notifications: [n("b", true)], unread: 0 });
  });
});
