import { type ChatRoom, chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { earnForChatMessage, type PointsChanged, pointsAt } from "./service.ts";

/**
 * The room's view of a member's points follows their ledger: a change that committed writes the
 * points after it into the member's place in the room (on every instance: the presence store is
 * shared), so the user list sent to whoever joins next carries them.
 */
export const refreshRoomPoints =
  (ctx: AppContext): PointsChanged =>
  (userId, points) =>
    ctx.services.get(chatRoomService).presence.update(userId, { points });

/**
 * Points in the chat room: a newcomer carries their points of this month; a member's message earns
 * a point within the limits (`earnForChatMessage`).
 */
export function pointsChat(room: ChatRoom, ctx: AppContext) {
  room.describeMember(async (member) => ({
    points: await pointsAt(ctx.db, member._id, ctx.clock.now(), ctx.config.STATION_TIMEZONE),
  }));
  room.onMessagePosted(async (message, from) => {
    await earnForChatMessage(ctx, from.member._id, message._id, refreshRoomPoints(ctx));
  });
}
