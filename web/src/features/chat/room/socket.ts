import {
  CHAT_NAMESPACE,
  type ChatClientToServerEvents,
  type ChatServerToClientEvents,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";

/** The chat namespace's socket, typed by the contracts' event maps. */
type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/**
 * What the room's host needs of a socket (tests pass a stand-in). Untyped on purpose: the host
 * types every event at its own surface (reducers, `on`, `emit`) from the same maps.
 */
export interface ChatSocketLike {
  connected: boolean;
  active?: boolean;
  on(event: string, listener: (payload: never) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
}

export type ChatSocketFactory = () => Promise<ChatSocketLike>;

/**
 * The chat room's own Socket.IO namespace. socket.io-client is loaded on demand and multiplexes the
 * namespace over the session's existing connection (same origin, same manager).
 */
export const defaultChatSocketFactory: ChatSocketFactory = async () => {
  const { io } = await import("socket.io-client");
  const socket: ChatSocket = io(CHAT_NAMESPACE, {
    withCredentials: true,
    transports: ["websocket", "polling"],
  });
  return socket as unknown as ChatSocketLike;
};
