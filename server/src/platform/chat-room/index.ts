import { defineService } from "../services.ts";
import { createChatRoomHost } from "./host.ts";
import { memoryChatRoomStores } from "./memory-stores.ts";
import { redisChatRoomStores } from "./redis-stores.ts";

export type { ChatRoom, MessageKindRefresher, MessageKindResolver } from "./room.ts";

/**
 * The app's chat room host, one per app instance: built by the composition root (`src/app.ts`),
 * which registers every feature's `chat` into it and opens it on the chat namespace; stopped with
 * the app. Its stores are in memory (one instance serves the room), or in Redis when the app has
 * one (REDIS_URL: several instances share the room).
 */
export const chatRoomService = defineService("chat room", (ctx) =>
  createChatRoomHost(
    ctx,
    ctx.redis
      ? redisChatRoomStores(ctx.redis, ctx.instanceId, `${ctx.config.REDIS_PREFIX}chat:`)
      : memoryChatRoomStores(),
  ),
);
