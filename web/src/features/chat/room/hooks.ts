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

/**
 * Joins the chat room while mounted: one namespace connection per mount, closed on unmount. The
 * member's id may change on every render without reconnecting. The room's state is read by the
 * components that show it (`useRoomState`, `useRoomSlots`), each for the slots it shows: an event
 * re-renders those, not the whole room.
 */
export function useChatRoom(factory: ChatSocketFactory, meId: string | undefined): ChatRoom {
  const meRef = useRef(meId);
  useEffect(() => {
    meRef.current = meId;
  });
  // The room exists from the first render (it connects in the effect): its components render once
  // with it, not once without and again when it arrives.
  const [room, setRoom] = useState(() => ({
    factory,
    client: new ChatRoomClient(ROOM_FEATURES, factory, () => meRef.current),
  }));
  if (room.factory !== factory) {
    setRoom({ factory, client: new ChatRoomClient(ROOM_FEATURES, factory, () => meRef.current) });
  }
  const { client } = room;

  useEffect(() => {
    client.connect();
    return () => client.dispose();
  }, [client]);

  return client;
}

/**
 * The slots `keys` of a room's state (the connection's `status` is one), re-rendering the component
 * only when one of them changes: the room's events each change a few slots, and a component that
 * read the whole state would render again on every one of them.
 */
export function useRoomSlots<K extends keyof RoomState>(
  client: ChatRoom | null,
  keys: readonly K[],
): Pick<RoomState, K> {
  const last = useRef<Pick<RoomState, K> | null>(null);
  const read = () => {
    const state = client ? client.getState() : INITIAL_ROOM_STATE;
    const prev = last.current;
    if (prev && keys.every((k) => prev[k] === state[k])) return prev;
    const next = {} as Pick<RoomState, K>;
    for (const k of keys) next[k] = state[k];
    last.current = next;
    return next;
  };
  return useSyncExternalStore(client?.subscribe ?? noSubscribe, read, read);
}

/** The room the screen is in, for the components of the room's features. */
export const ChatRoomContext = createContext<ChatRoom | null>(null);

/** The room the component is in (null outside the room or before it is joined). */
export const useRoom = (): ChatRoom | null => useContext(ChatRoomContext);

/**
 * Slots of the state of the room the component is in (the status, features' slots), named: the
 * component renders again when one of these changes, not on every event of the room.
 */
export const useRoomState = <K extends keyof RoomState>(
  ...keys: readonly [K, ...K[]]
): Pick<RoomState, K> => useRoomSlots(useRoom(), keys);

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
