import { z } from "zod";

/** Notification types as the spec names them (community spec section 3). */
export const NOTIFICATION_TYPES = [
  "system",
  "follower",
  "follow",
  "message",
  "ticket",
  "comment",
  "like",
  "like-post",
  "like-comment",
  "post",
  "share",
  "follow-request",
  "follow-accepted",
  /** Someone mentioned the member (@username) in the chat room. */
  "mention",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LIMITS = { pollMs: 120_000, listMax: 50 } as const;

export const NOTIFICATION_MESSAGES = {
  empty: "No notifications yet.",
  notFound: "Notification not found",
} as const;

export const notificationIdSchema = z.object({ notificationId: z.string().trim().min(1).max(100) });

export const notificationViewSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  from: z.string().nullable(),
  fromId: z.string().nullable(),
  fromUserId: z.string().nullable(),
  requesterId: z.string().nullable(),
  fromImage: z.string().nullable(),
  date: z.string(),
  read: z.boolean(),
  postid: z.string().nullable(),
  postOwnerUsername: z.string().nullable(),
  meta: z.record(z.string(), z.string()),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

/** GET /userNotifications: newest first, with the unread count. */
export const notificationsAnswerSchema = z.object({
  notifications: z.array(notificationViewSchema),
  unread: z.number(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswerSchema>;

/** Human text for a notification, shared by the bell and any e-mail digest. */
export function notificationText(n: Pick<NotificationView, "type" | "from" | "meta">): string {
  const who = n.from ?? "Someone";
  switch (n.type) {
    case "follow":
    case "follower":
      return `${who} started following you`;
    case "follow-request":
      return `${who} asked to follow you`;
    case "follow-accepted":
      return `${who} accepted your follow request`;
    case "like":
    case "like-post":
      return `${who} liked your post`;
    case "like-comment":
      return `${who} liked your comment`;
    case "comment":
      return `${who} commented on your post`;
    case "share":
      return `${who} shared your post`;
    case "post":
      return `${who} posted on your profile`;
    case "message":
      return `${who} sent you a message`;
    case "ticket":
      return n.meta.text ?? "Your ticket has a new reply";
    case "mention":
      return `${who} mentioned you in the chat`;
    default:
      return n.meta.text ?? "Notification";
  }
}
