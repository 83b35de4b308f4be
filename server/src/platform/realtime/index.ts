import type { Server as HttpServer } from "node:http";

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
  close(): Promise<void>;
}
