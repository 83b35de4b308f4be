import { CHAT_NAMESPACE, POINTS_SERVER_EVENTS, pointsPeriod, userRoom } from "@airwave/contracts";
import { type ChatRoom, chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { defineService } from "../../platform/services.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";
import { batchedRead, sharedRead } from "../../platform/shared-read.ts";
import { readScoreboard, topMemberId } from "./scoreboard.ts";
import { earnForChatMessage, type PointsChanged, pointsOfMany } from "./service.ts";

/** The settings key of the top of the scoreboard as the room last saw it. */
const TOP_KEY = "points.room-top";

interface RoomTop {
  month: string;
  userId: string | null;
  points: number;
}

/**
 * How long an instance goes by the room top it last read or wrote before reading it again: every
 * change of anyone's points asks whether it can move the top (a busy room's coin flips make a few
 * each), and the answer only changes when the top does. Another instance's new top shows here
 * within this time; the top's own changes always read the scoreboard again.
 */
const TOP_FRESH_MS = 1_000;

/** The room top as this instance last read or wrote it (a service: per app, not per module). */
export class RoomTopSeen {
  private known: { top: RoomTop | null; at: number } | null = null;

  constructor(private readonly ctx: AppContext) {}

  async read(): Promise<RoomTop | null> {
    if (this.known && performance.now() - this.known.at < TOP_FRESH_MS) return this.known.top;
    const top = await getSetting<RoomTop | null>(this.ctx.db, TOP_KEY, null);
    this.known = { top, at: performance.now() };
    return top;
  }

  wrote(top: RoomTop): void {
    this.known = { top, at: performance.now() };
  }
}

export const roomTopService = defineService("points: room top", (ctx) => new RoomTopSeen(ctx));

/**
 * Reads the top of this month's scoreboard again and, when it moved (from `seen`, the top last
 * read; unknown: assume it moved), moves the room's `isTopUser` with it: every member in the room
 * flagged but no longer the top loses it, the new top gets it.
 */
export async function refreshRoomTop(ctx: AppContext, seen: RoomTop | null = null): Promise<void> {
  const now = ctx.clock.now();
  const timeZone = ctx.config.STATION_TIMEZONE;
  const { month } = pointsPeriod(now, timeZone);
  const [best] = await readScoreboard(ctx.db, now, timeZone, { limit: 1 });
  const top = best?._id ?? null;
  const latest = { month, userId: top, points: best?.score ?? 0 };
  await setSetting<RoomTop>(ctx.db, TOP_KEY, latest);
  ctx.services.get(roomTopService).wrote(latest);
  // The top earned more (the usual case): nobody's title changes.
  if (seen && seen.month === month && seen.userId === top) return;
  const presence = ctx.services.get(chatRoomService).presence;
  for (const member of await presence.members()) {
    const isTop = member._id === top;
    if (member.isTopUser !== isTop) await presence.update(member._id, { isTopUser: isTop });
  }
}

/**
 * The room's view of a member's points follows their ledger: a change that committed writes the
 * points after it into the member's place in the room (on every instance: the presence store is
 * shared), so the user list sent to whoever joins next carries them, and tells the member's own
 * chat connections (`points-changed`). The top title follows too,
 * read again only when the change can move it (the top changed, or someone passed the top's points;
 * a tie goes to whoever got there first, so equalling the top does not pass it).
 */
export const refreshRoomPoints =
  (ctx: AppContext): PointsChanged =>
  async (userId, points) => {
    await ctx.services.get(chatRoomService).presence.update(userId, { points });
    ctx.realtime.publish(
      POINTS_SERVER_EVENTS.changed,
      { points },
      { room: userRoom(userId), namespace: CHAT_NAMESPACE },
    );
    const { month } = pointsPeriod(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
    const seen = await ctx.services.get(roomTopService).read();
    if (seen && seen.month === month && seen.userId !== userId && points <= seen.points) return;
    await refreshRoomTop(ctx, seen);
  };

/**
 * Points in the chat room: a newcomer carries their points of this month and whether they top the
 * scoreboard; a member's message earns a point within the limits (`earnForChatMessage`).
 */
export function pointsChat(room: ChatRoom, ctx: AppContext) {
  // Newcomers arriving together (a reconnect storm) share one ledger query and one scoreboard read.
  const pointsOf = batchedRead(
    (userIds: string[]) =>
      pointsOfMany(ctx.db, userIds, ctx.clock.now(), ctx.config.STATION_TIMEZONE),
    0,
  );
  const top = sharedRead(() => topMemberId(ctx.db, ctx.clock.now(), ctx.config.STATION_TIMEZONE));
  room.describeMember(async (member) => {
    const [points, topId] = await Promise.all([pointsOf(member._id), top()]);
    return { points, isTopUser: topId === member._id };
  });
  room.onMessagePosted(async (message, from) => {
    await earnForChatMessage(ctx, from.member._id, message._id, refreshRoomPoints(ctx));
  });
}
