import { CHAT_NAMESPACE, DJ_VOTES_SERVER_EVENTS, pointsPeriod } from "@airwave/contracts";
import { type ChatRoom, chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { sharedRead } from "../../platform/shared-read.ts";
import { topDjAt, type VoteCast } from "./service.ts";

/**
 * The room's Top DJ flags follow the votes: after a vote has committed, the members in the room
 * (on every instance: the presence store is shared) whose `isTopDJ` is no longer right get it
 * set or cleared, so the user list sent to whoever joins next carries them; the room is told a vote
 * was cast (`djvotes-changed`), so open dialogs read the counts again.
 */
export const refreshRoomTopDj =
  (ctx: AppContext): VoteCast =>
  async () => {
    const { month } = pointsPeriod(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
    ctx.realtime.publish(
      DJ_VOTES_SERVER_EVENTS.changed,
      { month },
      { all: true, namespace: CHAT_NAMESPACE },
    );
    const presence = ctx.services.get(chatRoomService).presence;
    const top = await topDjAt(ctx, ctx.clock.now());
    for (const member of await presence.members()) {
      const isTopDJ = member._id === top;
      if (member.isTopDJ !== isTopDJ) await presence.update(member._id, { isTopDJ });
    }
  };

/** DJ votes in the chat room: a newcomer carries `isTopDJ`, whether they are this month's Top DJ. */
export function djVotesChat(room: ChatRoom, ctx: AppContext) {
  // Newcomers arriving together (a reconnect storm) share one query.
  const topDj = sharedRead(() => topDjAt(ctx, ctx.clock.now()));
  room.describeMember(async (member) => ({ isTopDJ: member._id === (await topDj()) }));
}
