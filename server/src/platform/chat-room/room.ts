import type {
  ChatClientEvent,
  ChatMessageType,
  ChatMessageView,
  ChatServerEvent,
  ChatServerEventPayloads,
  ChatUser,
} from "@airwave/contracts";
import type { ZodType } from "zod";
import type { ChatRoomStores } from "./stores.ts";

/**
 * The chat room as the features see it (`Feature.chat`): they register handlers for the room's
 * client events and hooks on join and leave, and send through the room. Connection, admission, the
 * per-member order and the error answers are the host's (`host.ts`).
 */
export interface ChatRoom extends ChatRoomStores {
  /**
   * Handles a client event: the payload is parsed with `schema` (a bad one is answered with
   * `chat-error` and never reaches the handler), then the handler runs for the admitted member, one
   * event at a time per member, in the order sent. A handler that throws an `AppError` below 500 is
   * answered with its message; anything else is logged and answered with a generic message. Each
   * event has one handler in the app.
   */
  handle<E extends ChatClientEvent, T>(
    event: E,
    schema: ZodType<T>,
    handler: ChatHandler<T>,
    options?: ChatHandleOptions,
  ): void;
  /**
   * Adds to a newcomer's room view before they are admitted (their points, their titles…), so the
   * user list and the room's announcement carry it. Runs on every join: keep it to one indexed read.
   */
  describeMember(hook: (member: ChatUser) => Partial<ChatUser> | Promise<Partial<ChatUser>>): void;
  /** Runs when a member is admitted, before the user list is sent and the room told (history...). */
  onJoin(hook: (member: ChatConnection) => void | Promise<void>): void;
  /** Runs when a member's connection leaves the room (a closed tab, a kick, a stale connection). */
  onLeave(hook: (member: ChatUser) => void | Promise<void>): void;
  /**
   * Runs after a member's message has been stored and sent to the room, in that member's order of
   * events (mention notifications, a reward for chatting, a game's trigger…). A hook that fails is
   * logged; the message stands and the other hooks still run.
   */
  onMessagePosted(hook: MessagePostedHook): void;
  /**
   * Lets members send messages of a feature's `type` (a shared MP3…): before such a message is
   * stored, `resolve` checks what the member sent and answers the message's text and what it
   * carries (`trackData`), or refuses with an `AppError` below 500. One resolver per type; a type
   * of the feature list that no feature resolves is refused.
   */
  messageKind(
    type: ChatMessageType,
    resolve: MessageKindResolver,
    refresh?: MessageKindRefresher,
  ): void;
  /** The resolver registered for `type` (undefined for none; the chat feature calls it). */
  messageKindOf(type: ChatMessageType): MessageKindResolver | undefined;
  /**
   * Stored messages as they are sent again (a newcomer's history): each type's `refresh` brings
   * what its messages carry up to date (a shared track that has left the library). The chat
   * feature calls it; a refresh that fails is logged and those messages go as stored.
   */
  refreshMessages(messages: ChatMessageView[]): Promise<ChatMessageView[]>;
  /** Runs the message hooks for a member's message just posted (the chat feature calls it). */
  messagePosted(message: ChatMessageView, from: ChatConnection): Promise<void>;
  /** Sends an event to everyone in the room (on every instance). */
  broadcast<E extends ChatServerEvent>(event: E, payload: ChatServerEventPayloads[E]): void;
  /** Sends an event to the room connections of these members. */
  emitToMembers<E extends ChatServerEvent>(
    userIds: readonly string[],
    event: E,
    payload: ChatServerEventPayloads[E],
  ): void;
  /** The room's time in milliseconds (the app's clock, `ctx.clock`). */
  now(): number;
}

/** The member's connection an event came from. */
export interface ChatConnection {
  /** The member as the room sees them (read when they joined). */
  member: ChatUser;
  /** Sends an event to this connection only. */
  reply<E extends ChatServerEvent>(event: E, payload: ChatServerEventPayloads[E]): void;
}

/** The member's connection inside a handler, which may also refuse the event. */
export interface ChatSender extends ChatConnection {
  /** Answers the event with `chat-error` and `message`; the connection stays up. */
  refuse(message: string): void;
}

export type MessagePostedHook = (
  message: ChatMessageView,
  from: ChatConnection,
) => void | Promise<void>;

/** What a member sent with a feature's message type: its cleaned text and the item it names. */
export interface MessageKindInput {
  message: string;
  trackId?: string;
}

/** The message as it is stored and sent: its text and what it carries. */
export interface MessageKindResult {
  message: string;
  trackData: Record<string, unknown> | null;
}

export type MessageKindResolver = (
  input: MessageKindInput,
  from: ChatConnection,
) => Promise<MessageKindResult>;

/**
 * Brings stored messages of a feature's type up to date before they are sent again: answers them
 * in the same order, changed where what they carry has changed (one query for all of them).
 */
export type MessageKindRefresher = (messages: ChatMessageView[]) => Promise<ChatMessageView[]>;

export type ChatHandler<T> = (input: T, from: ChatSender) => void | Promise<void>;

export interface ChatHandleOptions {
  /**
   * Who may send the event, checked before the payload is parsed: null allows, a message refuses
   * (`chat-error` with it).
   */
  authorize?: (member: ChatUser) => string | null;
}
