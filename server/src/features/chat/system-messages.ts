import {
  CHAT_LIMITS,
  CHAT_NAMESPACE,
  type ChatMessageType,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { saveChatMessage } from "./store.ts";

/**
 * Posts a server message (system, system-ban, booking, track-id…) to the room: stored like any
 * message, sent to everyone in the room.
 */
export async function postSystemMessage(
  ctx: AppContext,
  type: ChatMessageType,
  message: string,
): Promise<void> {
  const saved = await saveChatMessage(ctx.db, {
    clientId: Math.floor(Math.random() * CHAT_LIMITS.clientIdMax),
    senderId: null,
    username: "System",
    profileimage: "/images/default.webp",
    type,
    message,
  });
  ctx.realtime.publish(OUT.message, saved, { all: true, namespace: CHAT_NAMESPACE });
}
