import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
  ignoredPayloadSchema,
} from "./chat-events.ts";

/**
 * Track id in the chat room (chat spec 4; decisions "Radio"): a member asks what is playing, the
 * song is posted to the room as a track-id message and the asker gets the answer.
 */

/** The track-id event a client sends (it carries nothing the server reads). */
export const TRACK_ID_CLIENT_EVENTS = { request: "track-id-request" } as const satisfies Record<
  string,
  ChatClientEvent
>;

/** The answers to the asker. */
export const TRACK_ID_SERVER_EVENTS = {
  complete: "track-id-complete",
  error: "track-id-error",
} as const satisfies Record<string, ChatServerEvent>;

export interface TrackIdCompleteEvent {
  title: string;
  artist: string;
  message: string;
}
export interface TrackIdErrorEvent {
  message: string;
}

export const TRACK_ID_CLIENT_SCHEMAS = defineChatClientSchemas({
  [TRACK_ID_CLIENT_EVENTS.request]: ignoredPayloadSchema,
});

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "track-id-request": Record<string, never> | undefined;
  }
  interface ChatServerEventPayloads {
    "track-id-complete": TrackIdCompleteEvent;
    "track-id-error": TrackIdErrorEvent;
  }
}
