import { type ChatRoom, chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { batchedRead } from "../../platform/shared-read.ts";
import { earnForChatMessage, type PointsChanged, pointsOfMany } from "./service.ts";

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
  // Newcomers arriving together (a reconnect storm) share one query.
  const pointsOf = batchedRead(
    (userIds: string[]) =>
      pointsOfMany(ctx.db, userIds, ctx.clock.now(), ctx.config.STATION_TIMEZONE),
    0,
  );
  room.describeMember(async (member) => ({ points: await pointsOf(member._id) }));
  room.onMessagePosted(async (message, from) => {
    await earnForChatMessage(ctx, from.member._id, message._id, refreshRoomPoints(ctx));
  });
}
