import {
  CHAT_CLIENT_SCHEMAS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { overRateLimit } from "../../platform/rate-limit/hook.ts";
import { sharedRead } from "../../platform/shared-read.ts";
import { handleAnnouncements } from "./announcements.ts";
import { handleRoomMessages } from "./room-messages.ts";
import { chatHistory, toggleChatLike } from "./store.ts";
import { currentUpNext } from "./up-next.ts";

/**
 * The chat feature's part of the room: what a newcomer gets (the history with its likes, the
 * up-next banner), messages, likes and announcements.
 */
export function chatRoomHandlers(room: ChatRoom, ctx: AppContext): void {
  // Newcomers joining at the same time (a reconnect storm) share the reads of what they get, each
  // one read after they came (not a cached copy another instance's message could have outdated).
  const newcomerView = sharedRead(async () => {
    // What the messages carry as it is now (a shared track deleted since is marked).
    const history = await room.refreshMessages(await chatHistory(ctx.db, CHAT_LIMITS.historySize));
    const likes = Object.fromEntries(history.map((m) => [m._id, m.likes]));
    return { history, likes, banner: await currentUpNext(ctx) };
  });
  room.onJoin(async ({ reply }) => {
    const { history, likes, banner } = await newcomerView();
    reply(OUT.history, history);
    reply(OUT.likeSync, likes);
    if (banner) reply(OUT.upNextSticky, banner);
  });

  handleRoomMessages(room, ctx);

  // Likes count against the member's `chatLikes` limit; over it, a system line says so (as the
  // messages' "slow down") and nothing changes.
  room.handle(IN.like, CHAT_CLIENT_SCHEMAS[IN.like], async (input, from) => {
    const over = await overRateLimit(ctx, "chatLikes", from.member._id);
    if (over) return from.reply(OUT.system, { type: "system", message: over });
    const likes = await toggleChatLike(ctx.db, input.messageId, from.member._id);
    if (!likes) return from.refuse(CHAT_MESSAGES.unknownMessage);
    room.broadcast(OUT.likeUpdate, { messageId: input.messageId, likes });
  });

  handleAnnouncements(room, ctx);
}
