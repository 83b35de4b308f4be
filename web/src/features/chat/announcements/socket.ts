import { useEffect, useRef } from "react";

/**
 * What the announcement components need of the chat room's Socket.IO namespace socket (a
 * socket.io-client `Socket` fits; so does the chat room client's socket).
 */
export interface AnnouncementSocket {
  connected?: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off?(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, payload?: unknown): unknown;
}

/** Listens to `event` on `socket` while mounted; the handler may change on every render. */
export function useChatSocketEvent(
  socket: AnnouncementSocket | null | undefined,
  event: string,
  handler: (payload: unknown) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    let live = true;
    const listener = (payload: unknown) => {
      if (live) latest.current(payload);
    };
    socket.on(event, listener);
    return () => {
      live = false;
      socket.off?.(event, listener);
    };
  }, [socket, event]);
}
