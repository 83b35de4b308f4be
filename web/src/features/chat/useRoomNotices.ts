import {
  CHAT_MESSAGES,
  CHAT_TEXTS,
  CHAT_SERVER_EVENTS as OUT,
  TRACK_ID_SERVER_EVENTS,
} from "@airwave/contracts";
import { useSnackbar } from "notistack";
import type { DialogMessage } from "../../ui/MessageDialog.tsx";
import { kickDestination } from "../auth/ban-record.ts";
import { signOut } from "../auth/LogoutPage.tsx";
import { queueFireworks } from "../effects/index.ts";
import type { ChatRoom } from "./room/features.ts";
import { useRoomEvent } from "./room/hooks.ts";
import { isRecord, messageOf } from "./room/payload.ts";
import { trackIdErrorText } from "./room/track-id.ts";
import { joinerOf, usersChangesOf } from "./room/users.ts";

/**
 * What the chat screen does with the room's events beyond its state: the duplicate-session dialog,
 * leaving on a kick, toasts for refusals and track id, fireworks when someone joins.
 */
export function useRoomNotices(
  client: ChatRoom | null,
  {
    meId,
    onDuplicate,
    leave,
  }: {
    meId: string;
    onDuplicate: (message: DialogMessage) => void;
    /** Full navigation after a kick. */
    leave: (url: string) => void;
  },
): void {
  const { enqueueSnackbar } = useSnackbar();

  useRoomEvent(
    OUT.duplicateUser,
    (payload) =>
      onDuplicate({
        title:
          isRecord(payload) && typeof payload.title === "string" && payload.title
            ? payload.title
            : CHAT_MESSAGES.sessionAlreadyActive,
        message: messageOf(payload) ?? CHAT_MESSAGES.sessionAlreadyActiveText,
      }),
    client,
  );
  useRoomEvent(
    OUT.forceKick,
    (payload) => {
      void signOut().then(() => leave(kickDestination(payload)));
    },
    client,
  );
  useRoomEvent(
    OUT.error,
    (payload) => {
      const message = messageOf(payload);
      if (message) enqueueSnackbar(message, { variant: "error" });
    },
    client,
  );
  useRoomEvent(
    TRACK_ID_SERVER_EVENTS.complete,
    (payload) =>
      enqueueSnackbar(messageOf(payload) ?? CHAT_TEXTS.trackIdDone, { variant: "success" }),
    client,
  );
  useRoomEvent(
    TRACK_ID_SERVER_EVENTS.error,
    (payload) => enqueueSnackbar(trackIdErrorText(payload), { variant: "warning" }),
    client,
  );
  useRoomEvent(
    OUT.userConnected,
    (payload) => {
      if (joinerOf(payload, meId)) queueFireworks();
    },
    client,
  );
  useRoomEvent(
    OUT.usersChanged,
    (payload) => {
      // Several joins at once (a reconnect storm) make one show, not one each.
      const joins = usersChangesOf(payload).filter(([event]) => event === OUT.userConnected);
      if (joins.some(([, change]) => joinerOf(change, meId))) queueFireworks();
    },
    client,
  );
}
