import type { Server as HttpServer } from "node:http";
import type { Namespace } from "socket.io";

/** Who receives a published event: one room (`user:{id}`...), several, or every connected socket. */
export type Audience = { room: string } | { rooms: string[] } | { all: true };

/**
 * The one way services push live events (ARCHITECTURE: publish(event, payload, audience)). The
 * Socket.IO implementation lives in ./socket-server.ts; events cross instances through its adapter.
 */
export interface Realtime {
  publish(event: string, payload: unknown, audience: Audience): void;
  /** Starts accepting Socket.IO connections on the app's HTTP server. */
  attach(server: HttpServer): void;
  /**
   * A namespace of its own (the chat room's `/chat`), authenticated by the session cookie like the
   * main one; `setup` runs once the server is attached. Sockets carry `data.userId`.
   */
  namespace(name: string, setup: (nsp: Namespace) => void): void;
  /**
   * Disconnects a member's sockets after sending them `event`: in one namespace, or in all of them
   * when `namespace` is not given.
   */
  disconnectUser(
    userId: string,
    options?: { event?: { name: string; payload: unknown }; namespace?: string },
  ): void;
  close(): Promise<void>;
}
