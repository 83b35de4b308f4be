import {
  CHAT_CLIENT_SCHEMAS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { handleAnnouncements } from "./announcements.ts";
import { handleRoomMessages } from "./room-messages.ts";
import { chatHistory, toggleChatLike } from "./store.ts";
import { currentUpNext } from "./up-next.ts";

/**
 * The chat feature's part of the room: what a newcomer gets (the history with its likes, the
 * up-next banner), messages, likes and announcements.
 */
export function chatRoomHandlers(room: ChatRoom, ctx: AppContext): void {
  room.onJoin(async ({ reply }) => {
    const history = await chatHistory(ctx.db, CHAT_LIMITS.historySize);
    reply(OUT.history, history);
    reply(OUT.likeSync, Object.fromEntries(history.map((m) => [m._id, m.likes])));
    const banner = await currentUpNext(ctx);
    if (banner) reply(OUT.upNextSticky, banner);
  });

  handleRoomMessages(room, ctx);

  room.handle(IN.like, CHAT_CLIENT_SCHEMAS[IN.like], async (input, from) => {
    const likes = await toggleChatLike(ctx.db, input.messageId, from.member._id);
    if (!likes) return from.refuse(CHAT_MESSAGES.unknownMessage);
    room.broadcast(OUT.likeUpdate, { messageId: input.messageId, likes });
  });

  handleAnnouncements(room, ctx);
}
