import type { BanRecordView } from "./auth.ts";
import type { ThemeSettings } from "./effects.ts";
import type { NotificationView } from "./notifications.ts";
import type { PmMessageEvent } from "./private-messages.ts";
import { type NowPlaying, RADIO_EVENTS } from "./radio.ts";
import type { Weekday } from "./schedule.ts";

/**
 * The main namespace (`/`): the session's one connection, authenticated by the cookie and joined to
 * the member's room. Its events are typed below (`ServerToClientEvents`); the chat room has its own
 * namespace and maps (`chat-events.ts`).
 */

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
  "force-kick": ForceKickEvent;
}

/** `force-kick`: why the member's sessions ended (a kick, a ban with its reason, a deleted account). */
export interface ForceKickEvent {
  reason: string;
  /** A ban's record (an account ban ended this session), for the /banned page. */
  ban?: BanRecordView;
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
  /** An admin saved the station's theme settings (admin spec 4): `{ settings }`, the whole new set. */
  themeSettingsUpdated: "theme-settings-updated",
} as const;

export interface BroadcastEventPayloads {
  "schedule:changed": ScheduleChangedEvent;
  "theme-settings-updated": ThemeSettingsUpdatedEvent;
  /** The station's now-playing changed (`RADIO_EVENTS.nowPlaying`). */
  "radio:nowplaying": NowPlaying;
}

export interface ThemeSettingsUpdatedEvent {
  settings: ThemeSettings;
}

/** Every event the server sends on the main namespace, with its payload. */
export type MainServerEventPayloads = UserEventPayloads & BroadcastEventPayloads;

/** Names of the main namespace's server events. */
export type MainServerEvent = keyof MainServerEventPayloads;

/** The main namespace's server-to-client events in Socket.IO's typed-events style. */
export type ServerToClientEvents = {
  [E in MainServerEvent]: (payload: MainServerEventPayloads[E]) => void;
};

/** Clients send nothing on the main namespace: it only pushes. */
export type ClientToServerEvents = Record<never, never>;

/** Every main-namespace event name, for tests and for code that checks a name at run time. */
export const MAIN_SERVER_EVENTS = [
  ...Object.values(USER_EVENTS),
  ...Object.values(BROADCAST_EVENTS),
  RADIO_EVENTS.nowPlaying,
] as const satisfies readonly MainServerEvent[];

export interface ScheduleChangedEvent {
  day: Weekday | null;
}
