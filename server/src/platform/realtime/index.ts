import type { Server as HttpServer } from "node:http";
import {
  CHAT_NAMESPACE,
  type ChatClientToServerEvents,
  type ChatServerEvent,
  type ChatServerEventPayloads,
  type ChatServerToClientEvents,
  type ForceKickEvent,
  type MainServerEvent,
  type MainServerEventPayloads,
} from "@airwave/contracts";
import type { DefaultEventsMap, Namespace, Socket } from "socket.io";

/** Who receives a published event: one room (`user:{id}`...), several, or every connected socket. */
export type Audience = { room: string } | { rooms: string[] } | { all: true };

/** The same audiences in the chat room's namespace: an event of the room reaches only the room. */
export type ChatAudience = Audience & { namespace: typeof CHAT_NAMESPACE };

/** What the session's authentication puts on every socket, in every namespace. */
export interface SocketData {
  userId: string;
  /** The stored hash of the session the socket was opened with (its room: `sessionRoom`). */
  sessionKey: string;
  username: string;
  role: string;
  /**
   * The rest of what others see of the member, from the same read: the chat room's view of a
   * newcomer is made of it without reading the member again (a reconnect storm's joins would each
   * wait for one more query).
   */
  profileimage: string;
  isDj: boolean;
  nameTagStyling: unknown;
}

/** The chat room's namespace, typed by the contracts' event maps. */
export type ChatNamespace = Namespace<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  DefaultEventsMap,
  SocketData
>;

/** A member's connection to the chat room, typed like its namespace. */
export type ChatSocket = Socket<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  DefaultEventsMap,
  SocketData
>;

/** The namespaces beside the main one, by name, with their typed Socket.IO namespace. */
export interface Namespaces {
  [CHAT_NAMESPACE]: ChatNamespace;
}

/** Events that exist in every namespace (`force-kick`), sent before a member's sockets close. */
type EverywhereEvent = MainServerEvent & ChatServerEvent;
type EverywhereEmit = {
  [E in EverywhereEvent]: { name: E; payload: MainServerEventPayloads[E] };
}[EverywhereEvent];

/**
 * The one way services push live events (ARCHITECTURE: publish(event, payload, audience)), typed by
 * the contracts' event maps: an event of the main namespace with its payload, or an event of the
 * chat room with `namespace: CHAT_NAMESPACE` in its audience. The Socket.IO implementation lives in
 * ./socket-server.ts; events cross instances through its adapter.
 */
export interface Realtime {
  publish<E extends ChatServerEvent>(
    event: E,
    payload: ChatServerEventPayloads[E],
    audience: ChatAudience,
  ): void;
  // The main namespace's last: a spy on publish (tests) sees this signature.
  publish<E extends MainServerEvent>(
    event: E,
    payload: MainServerEventPayloads[E],
    audience: Audience,
  ): void;
  /** Starts accepting Socket.IO connections on the app's HTTP server. */
  attach(server: HttpServer): void;
  /**
   * A namespace of its own (the chat room's `/chat`), authenticated by the session cookie like the
   * main one; `setup` runs once the server is attached. Sockets carry `data` (`SocketData`).
   */
  namespace<N extends keyof Namespaces>(name: N, setup: (nsp: Namespaces[N]) => void): void;
  /**
   * Disconnects a member's sockets after sending them `event`: in one namespace, or in all of them
   * when `namespace` is not given.
   */
  disconnectUser(
    userId: string,
    options?: { event?: EverywhereEmit; namespace?: keyof Namespaces },
  ): void;
  /**
   * Ended sessions (by their stored hash): every socket opened with one of them, in every namespace
   * and on every instance, receives `force-kick` with `kick`, then its connection closes.
   */
  disconnectSessions(sessionKeys: string[], kick: ForceKickEvent): void;
  /**
   * A member's connections on every instance close without a goodbye, as after a network loss: their
   * clients connect again by themselves and are authenticated afresh (a role change takes effect on
   * the open pages at once: `socket.data` is read once, when a connection is made).
   */
  reconnectUser(userId: string): void;
  close(): Promise<void>;
}
