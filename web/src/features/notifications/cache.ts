import {
  NOTIFICATION_LIMITS,
  type NotificationsAnswer,
  type NotificationView,
} from "@airwave/contracts";

/** GET /api/auth/userNotifications */
export type { NotificationsAnswer };

export const notificationsKey = ["notifications"] as const;

/** A pushed notification goes on top (replacing an older copy of itself), within the list's cap. */
export function prependNotification(
  prev: NotificationsAnswer,
  n: NotificationView,
): NotificationsAnswer {
  const existing = prev.notifications.find((x) => x._id === n._id);
  const rest = prev.notifications.filter((x) => x._id !== n._id);
  const unreadDelta = (n.read ? 0 : 1) - (existing && !existing.read ? 1 : 0);
  return {
    notifications: [n, ...rest].slice(0, NOTIFICATION_LIMITS.listMax),
    unread: Math.max(0, prev.unread + unreadDelta),
  };
}

export function markReadLocally(prev: NotificationsAnswer, id: string): NotificationsAnswer {
  const target = prev.notifications.find((x) => x._id === id);
  if (!target || target.read) return prev;
  return {
    notifications: prev.notifications.map((x) => (x._id === id ? { ...x, read: true } : x)),
    unread: Math.max(0, prev.unread - 1),
  };
}

export function removeLocally(prev: NotificationsAnswer, id: string): NotificationsAnswer {
  const target = prev.notifications.find((x) => x._id === id);
  if (!target) return prev;
  return {
    notifications: prev.notifications.filter((x) => x._id !== id),
    unread: target.read ? prev.unread : Math.max(0, prev.unread - 1),
  };
}
