import type { PmMessageEvent } from "./messages.ts";
import type { NotificationView } from "./notifications.ts";
import type { Weekday } from "./schedule.ts";

/** Socket.IO events pushed to a member's own room (`user:{id}`). */
export const USER_EVENTS = {
  notification: "notification",
  notificationsChanged: "notifications-changed",
  followRequestsChanged: "follow-requests-changed",
  /** A private message arrived in one of the member's conversations (also sent to the sender). */
  pmMessage: "pm:message",
  /**
   * The member's sessions ended (a ban, a deleted account): `{ reason }`; every open page signs out
   * and leaves. Sent on the main connection and in the chat room (`CHAT_SERVER_EVENTS.forceKick`).
   */
  forceKick: "force-kick",
} as const;

export const userRoom = (userId: string) => `user:${userId}`;

export interface UserEventPayloads {
  notification: NotificationView;
  "notifications-changed": { unread: number };
  "follow-requests-changed": { userId: string };
  "pm:message": PmMessageEvent;
}

/**
 * Socket.IO events sent to every connected socket (audience "everyone"): nothing personal in them.
 * Visitors have no connection (sockets are cookie-authenticated) and keep polling.
 */
export const BROADCAST_EVENTS = {
  /**
   * The week's schedule changed (a booking, a cancel, an admin wipe, the Monday reset): every open
   * schedule view reloads it. `day` is the weekday touched, null when the whole week was.
   */
  scheduleChanged: "schedule:changed",
} as const;

export interface BroadcastEventPayloads {
  "schedule:changed": ScheduleChangedEvent;
}

export interface ScheduleChangedEvent {
  day: Weekday | null;
}
