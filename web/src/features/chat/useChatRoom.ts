import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  ChatRoomClient,
  type ChatSocketFactory,
  INITIAL_ROOM_STATE,
  type RoomNotice,
  type RoomState,
} from "./room.ts";

const noSubscribe = () => () => {};
const initial = () => INITIAL_ROOM_STATE;

/**
 * Joins the chat room while mounted: one namespace connection per mount, closed on unmount. The
 * notice handler and the member's id may change on every render without reconnecting.
 */
export function useChatRoom(
  factory: ChatSocketFactory,
  onNotice: (notice: RoomNotice) => void,
  meId: string | undefined,
): { client: ChatRoomClient | null; state: RoomState } {
  const noticeRef = useRef(onNotice);
  const meRef = useRef(meId);
  useEffect(() => {
    noticeRef.current = onNotice;
    meRef.current = meId;
  });
  const [client, setClient] = useState<ChatRoomClient | null>(null);

  useEffect(() => {
    const created = new ChatRoomClient(
      factory,
      (notice) => noticeRef.current(notice),
      () => meRef.current,
    );
    created.connect();
    setClient(created);
    return () => {
      created.dispose();
      setClient(null);
    };
  }, [factory]);

  const state = useSyncExternalStore(
    client?.subscribe ?? noSubscribe,
    client?.getState ?? initial,
    initial,
  );
  return { client, state };
}
