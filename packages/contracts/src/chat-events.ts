import { z } from "zod";
import {
  CHAT_CLIENT_EVENTS,
  type ChatLike,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatUser,
  type ChatUserEntry,
  chatLikeInputSchema,
  chatMessageInputSchema,
  type UpNext,
} from "./chat.ts";
import type { ForceKickEvent } from "./realtime.ts";

/**
 * The chat namespace's typed events (Socket.IO's `ServerToClientEvents` / `ClientToServerEvents`
 * style) and the schema the server parses each client event with.
 *
 * The two payload interfaces below are the maps: an event is typed on the server (`Namespace<…>`,
 * `room.broadcast`, `from.reply`) and on the web (room reducers, `room.emit`) once it is a key of
 * them. They hold the room's own events; a feature adds its events from its own contracts file by
 * declaration merging, beside the names, payloads and client schemas it declares there:
 *
 * ```ts
 * export const COINFLIP_CLIENT_EVENTS = { flip: "coinflip" } as const;
 * export const COINFLIP_CLIENT_SCHEMAS = defineChatClientSchemas({ coinflip: coinflipSchema });
 * declare module "./chat-events.ts" {
 *   interface ChatClientEventPayloads { coinflip: z.input<typeof coinflipSchema> }
 *   interface ChatServerEventPayloads { "coinflip-result": CoinflipResult }
 * }
 * ```
 *
 * (`chat-announcements.ts`, `chat-pm.ts` and `track-id.ts` do this.) The file must be exported by
 * `index.ts`, which makes its augmentation visible wherever `@airwave/contracts` is imported.
 */

export interface ChatUserJoinedEvent {
  user: ChatUser;
}
export interface ChatUserLeftEvent {
  userId: string;
  username: string;
}
/** One coming or going inside `users-changed`: the event it stands for and that event's payload. */
export type ChatUsersChange =
  | ["user-connected", { user: ChatUserEntry }]
  | ["user-disconnected", ChatUserLeftEvent];
/** `users-changed`: several comings and goings, in the order they happened. */
export interface ChatUsersChangedEvent {
  changes: ChatUsersChange[];
}
/** `chat-messages`: several chat messages, oldest first. */
export interface ChatMessagesEvent {
  messages: ChatMessageView[];
}
export interface ChatUsersEvent {
  users: ChatUserEntry[];
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

/** Each server event of the room with its payload (features add theirs by declaration merging). */
export interface ChatServerEventPayloads {
  "chat-history": ChatMessageView[];
  "user-connected": ChatUserJoinedEvent;
  "user-disconnected": ChatUserLeftEvent;
  "chat-users": ChatUsersEvent;
  "users-changed": ChatUsersChangedEvent;
  "chat-message": ChatMessageView;
  "chat-messages": ChatMessagesEvent;
  "chat-like-update": ChatLikeUpdateEvent;
  "chat-like-sync": ChatLikeSyncEvent;
  "system-message": ChatSystemEvent;
  "up-next-sticky": UpNext;
  "up-next-clear": Record<string, never>;
  "presence-ping": PresencePingEvent;
  "duplicate-user": DuplicateUserEvent;
  "force-kick": ForceKickEvent;
  "chat-wiped": ChatWipedEvent;
  "chat-error": ChatErrorEvent;
}

/** The names of the events the server sends in the room. */
export type ChatServerEvent = keyof ChatServerEventPayloads;

/** The room's server-to-client events, for `Namespace<…, ChatServerToClientEvents>` and the client. */
export type ChatServerToClientEvents = {
  [E in ChatServerEvent]: (payload: ChatServerEventPayloads[E]) => void;
};

export type ChatLikeInput = z.input<typeof chatLikeInputSchema>;

/**
 * Each client event of the room with what a client sends (`undefined` among its types where the
 * server reads nothing); features add theirs by declaration merging.
 */
export interface ChatClientEventPayloads {
  "chat-message": ChatMessageInput;
  "chat-like": ChatLikeInput;
  "presence-ping": PresencePingEvent | undefined;
}

/** The names of the events a member sends in the room. */
export type ChatClientEvent = keyof ChatClientEventPayloads;

/** The room's client-to-server events (the payload is optional where the server reads none). */
export type ChatClientToServerEvents = {
  [E in ChatClientEvent]: undefined extends ChatClientEventPayloads[E]
    ? (payload?: ChatClientEventPayloads[E]) => void
    : (payload: ChatClientEventPayloads[E]) => void;
};

/** Marks the objects made by `defineChatClientSchemas`, so `chatClientSchemasIn` can find them. */
const CLIENT_SCHEMAS = Symbol("chat client schemas");

/** Some client events of the room, each with the schema the server parses its payload with. */
export type ChatClientSchemas<S = Record<string, z.ZodType>> = S & {
  readonly [CLIENT_SCHEMAS]: true;
};

/**
 * Each schema checked against the map: its event must be a client event, and what the map says a
 * client sends must pass its input type.
 */
type CheckedSchemas<S> = {
  [E in keyof S]: E extends ChatClientEvent
    ? ChatClientEventPayloads[E] extends z.input<S[E]>
      ? S[E]
      : z.ZodType<unknown, ChatClientEventPayloads[E]>
    : never;
};

/**
 * Declares the schemas of some client events (a feature's, in its contracts file): a payload that
 * does not pass gets `chat-error` with the schema's message, and the connection stays up. The server
 * registers each with its handler (`room.handle(event, schema, handler)`).
 */
export function defineChatClientSchemas<const S extends Record<string, z.ZodType>>(
  schemas: S & CheckedSchemas<S>,
): ChatClientSchemas<S> {
  return Object.defineProperty(schemas, CLIENT_SCHEMAS, { value: true }) as ChatClientSchemas<S>;
}

/** The client events declared among a module's exports (`typeof import("@airwave/contracts")`). */
export type ChatClientEventsIn<M> = {
  [K in keyof M]: M[K] extends ChatClientSchemas<infer S> ? Extract<keyof S, string> : never;
}[keyof M];

/**
 * Every client event declared among a module's exports (`import * as contracts`), with its schema:
 * the run-time list of the room's client events, gathered rather than kept by hand.
 */
export function chatClientSchemasIn(exports: object): Record<string, z.ZodType> {
  const all: Record<string, z.ZodType> = {};
  for (const value of Object.values(exports)) {
    if (typeof value !== "object" || value === null || !(CLIENT_SCHEMAS in value)) continue;
    for (const [event, schema] of Object.entries(value as Record<string, z.ZodType>)) {
      if (event in all) throw new Error(`chat client event "${event}" is declared twice`);
      all[event] = schema;
    }
  }
  return all;
}

/**
 * The events that carry nothing the server reads (track id, last announcement, the presence
 * answer): whatever comes with them is accepted and ignored, as it always was.
 */
export const ignoredPayloadSchema = z.unknown().transform(() => undefined);

/** The schemas of the room's own client events (features declare theirs in their files). */
export const CHAT_CLIENT_SCHEMAS = defineChatClientSchemas({
  [CHAT_CLIENT_EVENTS.message]: chatMessageInputSchema,
  [CHAT_CLIENT_EVENTS.like]: chatLikeInputSchema,
  [CHAT_CLIENT_EVENTS.presencePing]: ignoredPayloadSchema,
});
