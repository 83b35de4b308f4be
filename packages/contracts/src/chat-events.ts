import { z } from "zod";
import {
  type Announcement,
  announcementInputSchema,
  CHAT_CLIENT_EVENTS,
  type CHAT_SERVER_EVENTS,
  type ChatLike,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatPrivateMessage,
  type ChatUser,
  chatLikeInputSchema,
  chatMessageInputSchema,
  chatPrivateMessageSchema,
  type UpNext,
} from "./chat.ts";
import type { BROADCAST_EVENTS, ForceKickEvent } from "./realtime.ts";

/**
 * The chat namespace's typed events (Socket.IO's `ServerToClientEvents` / `ClientToServerEvents`
 * style) and the schema the server parses each client event with. Names come from
 * `CHAT_SERVER_EVENTS` and `CHAT_CLIENT_EVENTS`; payload types from the chat contracts.
 */

/** The names of the events the server sends in the room (the deprecated theme alias excluded). */
export type ChatServerEvent = Exclude<
  (typeof CHAT_SERVER_EVENTS)[keyof typeof CHAT_SERVER_EVENTS],
  typeof BROADCAST_EVENTS.themeSettingsUpdated
>;

/** The names of the events a member sends in the room. */
export type ChatClientEvent = (typeof CHAT_CLIENT_EVENTS)[keyof typeof CHAT_CLIENT_EVENTS];

export interface ChatUserJoinedEvent {
  user: ChatUser;
}
export interface ChatUserLeftEvent {
  userId: string;
  username: string;
}
export interface ChatUsersEvent {
  users: ChatUser[];
}
export interface ChatLikeUpdateEvent {
  messageId: string;
  likes: ChatLike[];
}
/** Likes of the history's messages, by message id. */
export type ChatLikeSyncEvent = Record<string, ChatLike[]>;
export interface ChatSystemEvent {
  type: "system";
  message: string;
}
export interface TrackIdCompleteEvent {
  title: string;
  artist: string;
  message: string;
}
export interface TrackIdErrorEvent {
  message: string;
}
export interface PresencePingEvent {
  at: number;
}
export interface DuplicateUserEvent {
  title: string;
  message: string;
}
export interface ChatWipedEvent {
  deleted: number;
}
/** A payload the server refused (`chat-error`): the event it came with and why. */
export interface ChatErrorEvent {
  event: string;
  message: string;
}

/** Each server event of the room with its payload. */
export interface ChatServerEventPayloads {
  "chat-history": ChatMessageView[];
  "user-connected": ChatUserJoinedEvent;
  "user-disconnected": ChatUserLeftEvent;
  "chat-users": ChatUsersEvent;
  "chat-message": ChatMessageView;
  "chat-like-update": ChatLikeUpdateEvent;
  "chat-like-sync": ChatLikeSyncEvent;
  "system-message": ChatSystemEvent;
  "up-next-sticky": UpNext;
  "up-next-clear": Record<string, never>;
  "track-id-complete": TrackIdCompleteEvent;
  "track-id-error": TrackIdErrorEvent;
  "presence-ping": PresencePingEvent;
  "duplicate-user": DuplicateUserEvent;
  "force-kick": ForceKickEvent;
  "private-message": ChatPrivateMessage;
  "admin-announcement": Announcement;
  "chat-wiped": ChatWipedEvent;
  "chat-error": ChatErrorEvent;
}

/** The room's server-to-client events, for `Namespace<…, ChatServerToClientEvents>` and the client. */
export type ChatServerToClientEvents = {
  [E in ChatServerEvent]: (payload: ChatServerEventPayloads[E]) => void;
};

/**
 * The events that carry nothing the server reads (track id, last announcement, the presence
 * answer): whatever comes with them is accepted and ignored, as it always was.
 */
export const ignoredPayloadSchema = z.unknown().transform(() => undefined);

/**
 * The schema the server parses each client event with: a payload that does not pass gets
 * `chat-error` with the schema's message, and the connection stays up.
 */
export const CHAT_CLIENT_SCHEMAS = {
  [CHAT_CLIENT_EVENTS.message]: chatMessageInputSchema,
  [CHAT_CLIENT_EVENTS.like]: chatLikeInputSchema,
  [CHAT_CLIENT_EVENTS.trackIdRequest]: ignoredPayloadSchema,
  [CHAT_CLIENT_EVENTS.getLastAnnouncement]: ignoredPayloadSchema,
  [CHAT_CLIENT_EVENTS.announcement]: announcementInputSchema,
  [CHAT_CLIENT_EVENTS.privateMessage]: chatPrivateMessageSchema,
  [CHAT_CLIENT_EVENTS.presencePing]: ignoredPayloadSchema,
} as const satisfies Record<ChatClientEvent, z.ZodType>;

export type ChatLikeInput = z.input<typeof chatLikeInputSchema>;
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type ChatPrivateMessageInput = z.input<typeof chatPrivateMessageSchema>;

/** Each client event of the room with what a client sends. */
export interface ChatClientEventPayloads {
  "chat-message": ChatMessageInput;
  "chat-like": ChatLikeInput;
  "track-id-request": Record<string, never> | undefined;
  "get-last-announcement": undefined;
  "admin-announcement": AnnouncementInput;
  "private-message": ChatPrivateMessageInput;
  "presence-ping": PresencePingEvent | undefined;
}

/** The room's client-to-server events (the payload is optional where the server reads none). */
export type ChatClientToServerEvents = {
  [E in ChatClientEvent]: undefined extends ChatClientEventPayloads[E]
    ? (payload?: ChatClientEventPayloads[E]) => void
    : (payload: ChatClientEventPayloads[E]) => void;
};

/** What the server's handler of a client event gets: the payload as its schema parsed it. */
export type ChatClientInput<E extends ChatClientEvent> = z.output<(typeof CHAT_CLIENT_SCHEMAS)[E]>;
