import type {
  ClientToServerEvents,
  MainServerEvent,
  MainServerEventPayloads,
  ServerToClientEvents,
} from "@airwave/contracts";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import { useAuthStatus } from "./session.ts";

/** The session's connection on the main namespace, typed by its event map. */
export type MainSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The one real-time connection of a signed-in session (notifications, inbox, schedule, theme…;
 * the chat room has its own namespace). socket.io-client is imported on demand so it never weighs
 * on the login page. The server authenticates the connection by the session cookie and joins it to
 * the member's room.
 */
type SocketFactory = () => Promise<MainSocket>;

const defaultFactory: SocketFactory = async () => {
  const { io } = await import("socket.io-client");
  // Same origin, default path /socket.io (Vite's dev server proxies it).
  const created: MainSocket = io({ withCredentials: true, transports: ["websocket", "polling"] });
  return created;
};

let factory: SocketFactory = defaultFactory;
let socket: MainSocket | null = null;
let connecting = false;
/** Bumped on every disconnect, so a connection still being created then is dropped. */
let generation = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Opens the connection unless it is open or opening. A failure is silent: polling remains. */
export function connectSocket(): void {
  if (socket || connecting) return;
  connecting = true;
  const gen = generation;
  factory().then(
    (created) => {
      if (gen !== generation) {
        created.disconnect();
        return;
      }
      connecting = false;
      socket = created;
      changed();
    },
    () => {
      if (gen === generation) connecting = false;
    },
  );
}

function disconnectSocket(): void {
  generation++;
  connecting = false;
  if (!socket) return;
  const closing = socket;
  socket = null;
  closing.disconnect();
  changed();
}

export function getSocket(): MainSocket | null {
  return socket;
}

/** Tests (and storybook-like harnesses) replace how the connection is made; null restores it. */
export function setSocketFactory(next: SocketFactory | null): void {
  disconnectSocket();
  factory = next ?? defaultFactory;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current connection, or null while signed out or still connecting. */
export function useSocket(): MainSocket | null {
  return useSyncExternalStore(subscribe, getSocket, () => null);
}

let holders = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps the connection open while the auth status says authenticated and at least one layout
 * that needs it is mounted (the main shell; the chat screen later). Closes it when the status
 * says signed out, and shortly after the last holder unmounts (logout leaves the shell), so that
 * moving between two holders keeps the same connection.
 */
export function useRealtimeConnection(): void {
  const status = useAuthStatus();
  const signedIn = status.data?.authenticated === true;
  const signedOut = status.data?.authenticated === false;

  useEffect(() => {
    if (!signedIn) return;
    holders++;
    clearTimeout(idleTimer);
    connectSocket();
    return () => {
      holders--;
      if (holders === 0) idleTimer = setTimeout(disconnectSocket, 0);
    };
  }, [signedIn]);

  useEffect(() => {
    if (signedOut) disconnectSocket();
  }, [signedOut]);
}

interface Listenable {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** What `useSocketEvent` hears: the main namespace's server events, and the connection's connect. */
type SocketEvent = MainServerEvent | "connect";

/** The payload of an event, as the main namespace's map (`ServerToClientEvents`) types it. */
type SocketPayload<E extends SocketEvent> = E extends MainServerEvent
  ? MainServerEventPayloads[E]
  : undefined;

/**
 * Listens to a server event on the session's connection for as long as the component is mounted
 * (the chat room's events: `useRoomEvent`). The handler may change on every render; the listener
 * is only re-attached when the connection or the event name changes.
 */
export function useSocketEvent<E extends SocketEvent>(
  event: E,
  handler: (payload: SocketPayload<E>) => void,
): void {
  const current = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });

  useEffect(() => {
    if (!current) return;
    // The handler is typed by the map; Socket.IO's overloads cannot follow a generic event name.
    const target = current as unknown as Listenable;
    const listener = (payload: unknown) => latest.current(payload as SocketPayload<E>);
    target.on(event, listener);
    return () => {
      target.off(event, listener);
    };
  }, [current, event]);
}
