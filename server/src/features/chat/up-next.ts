import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS as OUT,
  type ScheduleSlot,
  type UpNext,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineService } from "../../platform/services.ts";
import { readLiveState } from "../radio/live.ts";
import { getSchedule } from "../schedule/service.ts";
import { postSystemMessage } from "./system-messages.ts";

/** How often the room looks at the schedule for the up-next banner. */
const UP_NEXT_CHECK_MS = 15_000;

interface Candidate {
  slot: ScheduleSlot & { djName: string };
  start: Date;
}

/** The first booked slot starting after `now` and within the up-next window (this week or the next). */
async function nextBookedSlot(ctx: AppContext, now: Date): Promise<Candidate | null> {
  const horizon = new Date(now.getTime() + CHAT_LIMITS.upNextWindowMs);
  const weeks = [await getSchedule(ctx, now)];
  // Near Sunday midnight the window reaches into the next week (its permanent bookings).
  const later = await getSchedule(ctx, horizon);
  if (later.days[0]?.slots[0]?.timeStamp !== weeks[0]?.days[0]?.slots[0]?.timeStamp)
    weeks.push(later);
  let best: Candidate | null = null;
  for (const week of weeks) {
    for (const day of week.days) {
      for (const slot of day.slots) {
        if (!slot.djName || !slot.timeStamp) continue;
        const start = new Date(slot.timeStamp);
        if (start <= now || start > horizon) continue;
        if (!best || start < best.start) best = { slot: slot as Candidate["slot"], start };
      }
    }
  }
  return best;
}

/** The booked slot running at `now`, if any (this week's schedule). */
async function runningSlot(ctx: AppContext, now: Date) {
  const week = await getSchedule(ctx, now);
  for (const day of week.days) {
    for (const slot of day.slots) {
      if (!slot.djId || !slot.djName || !slot.timeStamp) continue;
      const start = new Date(slot.timeStamp).getTime();
      if (start <= now.getTime() && now.getTime() < start + 3600_000) return { slot, start };
    }
  }
  return null;
}

/**
 * The up-next banner (decisions "Schedule and DJs"): 15 minutes before a booked slot starts the room
 * gets `up-next-sticky`; `up-next-clear` when the slot starts or the booking goes away. `check`
 * runs on a timer and reads the app's clock (`ctx.clock`), so tests move time by assigning another.
 */
function createUpNext(ctx: AppContext) {
  const room = { all: true, namespace: CHAT_NAMESPACE } as const;
  let timer: NodeJS.Timeout | undefined;
  let current: (UpNext & { key: string }) | null = null;
  /** The slot whose DJ was already announced as live, so it is said once. */
  let announcedLive: string | null = null;

  /** When a booked DJ's slot has started and they are live on the station, the room is told once. */
  async function checkLive(now: Date) {
    const running = await runningSlot(ctx, now);
    if (!running) return;
    const key = `${running.slot._id}|${running.start}`;
    if (announcedLive === key) return;
    const live = await readLiveState(ctx);
    if (!live || live.userId !== running.slot.djId) return;
    announcedLive = key;
    await postSystemMessage(ctx, "system", CHAT_MESSAGES.djLive(live.streamerName));
  }

  const banner = (c: Candidate, now: Date): UpNext & { key: string } => {
    const remainingSec = Math.max(0, Math.round((c.start.getTime() - now.getTime()) / 1000));
    return {
      key: `${c.slot._id}|${c.slot.djName}|${c.start.toISOString()}`,
      message: CHAT_MESSAGES.upNext(c.slot.djName, Math.ceil(remainingSec / 60)),
      next: {
        timeLabel: c.slot.timeSlot,
        djName: c.slot.djName,
        genre: c.slot.genre ?? "",
        djProfilePicture: c.slot.djProfilePicture ?? "",
      },
      avatar: c.slot.djProfilePicture ?? "",
      remainingSec,
      expiresAt: c.start.toISOString(),
      issuedAt: now.toISOString(),
    };
  };

  const publicView = (b: UpNext & { key: string }, now: Date): UpNext => {
    const { key: _key, ...rest } = b;
    const remainingSec = Math.max(
      0,
      Math.round((new Date(b.expiresAt).getTime() - now.getTime()) / 1000),
    );
    return { ...rest, remainingSec };
  };

  /** Sends or clears the banner as the schedule now says, then says once when the booked DJ is live. */
  async function check() {
    const now = ctx.clock.now();
    const next = await nextBookedSlot(ctx, now);
    const key = next ? banner(next, now).key : null;
    if (current && current.key !== key) {
      current = null;
      ctx.realtime.publish(OUT.upNextClear, {}, room);
    }
    if (next && !current) {
      current = banner(next, now);
      ctx.realtime.publish(OUT.upNextSticky, publicView(current, now), room);
    }
    await checkLive(now);
  }

  return {
    /** The banner as it stands now, for a member who just joined. */
    current(): UpNext | null {
      return current ? publicView(current, ctx.clock.now()) : null;
    },
    check,
    /** The app's ready: checks every 15 s on this instance (the banner is this instance's). */
    start() {
      timer = setInterval(() => {
        check().catch((err) => ctx.log.error({ err }, "up-next check failed"));
      }, UP_NEXT_CHECK_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** The up-next banner of an app instance (its state and its timer). */
export const upNextService = defineService("up-next banner", createUpNext);
