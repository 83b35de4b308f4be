import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { RoomEvent, RoomEventPayloads } from "./feature.ts";
import { type ChatRoom, INITIAL_ROOM_STATE, ROOM_FEATURES, type RoomState } from "./features.ts";
import { ChatRoomClient } from "./host.ts";
import type { ChatSocketFactory } from "./socket.ts";

const noSubscribe = () => () => {};
const initial = () => INITIAL_ROOM_STATE;

/**
 * Joins the chat room while mounted: one namespace connection per mount, closed on unmount. The
 * member's id may change on every render without reconnecting.
 */
export function useChatRoom(
  factory: ChatSocketFactory,
  meId: string | undefined,
): { client: ChatRoom | null; state: RoomState } {
  const meRef = useRef(meId);
  useEffect(() => {
    meRef.current = meId;
  });
  const [client, setClient] = useState<ChatRoom | null>(null);

  useEffect(() => {
    const created = new ChatRoomClient(ROOM_FEATURES, factory, () => meRef.current);
    created.connect();
    setClient(created);
    return () => {
      created.dispose();
      setClient(null);
    };
  }, [factory]);

  return { client, state: useStateOf(client) };
}

const useStateOf = (client: ChatRoom | null): RoomState =>
  useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getState ?? initial, initial);

/** The room the screen is in, for the components of the room's features. */
export const ChatRoomContext = createContext<ChatRoom | null>(null);

/** The room the component is in (null outside the room or before it is joined). */
export const useRoom = (): ChatRoom | null => useContext(ChatRoomContext);

/** The state of the room the component is in: the status and every feature's slots. */
export const useRoomState = (): RoomState => useStateOf(useRoom());

/**
 * Listens to a room event while mounted, after the room's features have reduced it (the chat
 * namespace's `useSocketEvent`). The room is the one of `ChatRoomContext` unless given. The
 * handler may change on every render; it is re-attached only when the room or the event changes.
 */
export function useRoomEvent<E extends RoomEvent>(
  event: E,
  handler: (payload: RoomEventPayloads[E]) => void,
  client?: ChatRoom | null,
): void {
  const fromContext = useRoom();
  const room = client === undefined ? fromContext : client;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!room) return;
    let live = true;
    const stop = room.on(event, (payload) => {
      if (live) latest.current(payload);
    });
    return () => {
      live = false;
      stop();
    };
  }, [room, event]);
}
