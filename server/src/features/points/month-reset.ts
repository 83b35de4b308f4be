import {
  CHAT_NAMESPACE,
  type MonthResetEvent,
  SCOREBOARD_SERVER_EVENTS as OUT,
  pointsPeriod,
} from "@airwave/contracts";
import { chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { changeSetting } from "../../platform/settings.ts";

/** How often the job looks (one read of one setting, usually changing nothing). */
const MONTH_RESET_INTERVAL_MS = 30_000;

/** The settings key of the last station month announced to the room (`YYYY-MM`). */
export const MONTH_ANNOUNCED_KEY = "points.month-announced";

export const MONTH_RESET_JOB = "points: month reset";

const room = { all: true, namespace: CHAT_NAMESPACE } as const;

/**
 * The 1st at 00:00, station time (decisions "Points, votes and games"): balances start from 0 by
 * themselves (they are this month's sum), so the job only tells the chat room, once per month:
 * `scoreboard-reset` and `djvotes-reset`, and the members in the room carry 0 points and no top
 * title again. "Once" is the setting holding the last month announced, moved in one transaction
 * holding its row: a second instance, a run after a restart or a repeated run finds the month
 * already there and says nothing. The first run on a fresh database records the month without
 * announcing (no boundary was crossed), and a clock that goes back never announces an earlier
 * month. Answers whether it announced.
 */
export async function announceMonth(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  const { month, start } = pointsPeriod(now, ctx.config.STATION_TIMEZONE);
  // "" until a first run records a month (a JSON value: the column is not null).
  const moved = await changeSetting<string>(ctx.db, MONTH_ANNOUNCED_KEY, "", (last) =>
    last >= month ? null : month,
  );
  if (!moved || moved.before === "") return false;
  const payload: MonthResetEvent = { month, at: start.toISOString() };
  const presence = ctx.services.get(chatRoomService).presence;
  for (const member of await presence.members()) {
    // A new month: no points, no top member, no Top DJ (no votes yet) for anyone in the room.
    if (member.points !== 0 || member.isTopUser || member.isTopDJ) {
      await presence.update(member._id, { points: 0, isTopUser: false, isTopDJ: false });
    }
  }
  ctx.realtime.publish(OUT.scoreboardReset, payload, room);
  ctx.realtime.publish(OUT.djVotesReset, payload, room);
  ctx.log.info({ month }, "points: a new month announced to the chat room");
  return true;
}

/** Every 30 s, on one instance at a time (docs/developing.md, "Background jobs"). */
export const monthResetJob = defineJob({
  name: MONTH_RESET_JOB,
  every: MONTH_RESET_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    await announceMonth(ctx);
  },
});
