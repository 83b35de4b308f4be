import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS as OUT,
  type ScheduleSlot,
  type UpNext,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { changeSetting, getSetting } from "../../platform/settings.ts";
import { readLiveState } from "../radio/live.ts";
import { getSchedule } from "../schedule/service.ts";
import { postSystemMessage } from "./system-messages.ts";

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
 * gets `up-next-sticky`; `up-next-clear` when the slot starts or the booking goes away. The check is
 * a locked job (`chat: up-next check`): with several instances on one database one of them runs each
 * period's check, publishes the banner (the room's broadcast reaches every instance's members through
 * the Socket.IO adapter) and posts the DJ-live line. Its state (the banner standing now, the slot
 * whose DJ was announced live) is a database setting, so any instance gives a newcomer the banner and
 * a check on another instance, or after a restart, does not say it again. The check reads the app's
 * clock (`ctx.clock`), so tests move time by assigning another.
 */

/** How often the room looks at the schedule for the up-next banner. */
const UP_NEXT_CHECK_MS = 15_000;

/** The settings key of the up-next state. */
const UP_NEXT_KEY = "chat.up-next";

export const UP_NEXT_JOB = "chat: up-next check";

type Banner = UpNext & { key: string };

interface UpNextState {
  /** The banner standing now (sent as `up-next-sticky`), or null. */
  banner: Banner | null;
  /** The slot (`slot id|start`) whose DJ was already announced as live, so it is said once. */
  announcedLive: string | null;
}

const EMPTY: UpNextState = { banner: null, announcedLive: null };
const room = { all: true, namespace: CHAT_NAMESPACE } as const;

const readState = (value: unknown): UpNextState => ({ ...EMPTY, ...(value as UpNextState) });

const storedState = async (ctx: AppContext) =>
  readState(await getSetting<unknown>(ctx.db, UP_NEXT_KEY, EMPTY));

/** Moves the stored state with `change` (null: nothing to change); answers before and after, or null. */
async function transition(ctx: AppContext, change: (state: UpNextState) => UpNextState | null) {
  const moved = await changeSetting<unknown>(ctx.db, UP_NEXT_KEY, EMPTY, (value) =>
    change(readState(value)),
  );
  return moved && { before: readState(moved.before), after: readState(moved.after) };
}

/** When a booked DJ's slot has started and they are live on the station, the room is told once. */
async function checkLive(ctx: AppContext, now: Date) {
  const running = await runningSlot(ctx, now);
  if (!running) return;
  const key = `${running.slot._id}|${running.start}`;
  if ((await storedState(ctx)).announcedLive === key) return;
  const live = await readLiveState(ctx);
  if (!live || live.userId !== running.slot.djId) return;
  const moved = await transition(ctx, (s) =>
    s.announcedLive === key ? null : { ...s, announcedLive: key },
  );
  if (moved) await postSystemMessage(ctx, "system", CHAT_MESSAGES.djLive(live.streamerName));
}

const bannerOf = (c: Candidate, now: Date): Banner => {
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

const publicView = (b: Banner, now: Date): UpNext => {
  const { key: _key, ...rest } = b;
  const remainingSec = Math.max(
    0,
    Math.round((new Date(b.expiresAt).getTime() - now.getTime()) / 1000),
  );
  return { ...rest, remainingSec };
};

/** Sends or clears the banner as the schedule now says, then says once when the booked DJ is live. */
export async function checkUpNext(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const next = await nextBookedSlot(ctx, now);
  const fresh = next ? bannerOf(next, now) : null;
  const same = (s: UpNextState) => (s.banner?.key ?? null) === (fresh?.key ?? null);
  // Most checks change nothing: read first, and take the row only to change it.
  const moved = same(await storedState(ctx))
    ? null
    : await transition(ctx, (s) => (same(s) ? null : { ...s, banner: fresh }));
  if (moved?.before.banner) ctx.realtime.publish(OUT.upNextClear, {}, room);
  if (moved?.after.banner) {
    ctx.realtime.publish(OUT.upNextSticky, publicView(moved.after.banner, now), room);
  }
  await checkLive(ctx, now);
}

/** The banner as it stands now, for a member who just joined (on any instance). */
export async function currentUpNext(ctx: AppContext): Promise<UpNext | null> {
  const { banner } = await storedState(ctx);
  return banner ? publicView(banner, ctx.clock.now()) : null;
}

/** Every 15 s, on one instance at a time (docs/developing.md, "Background jobs"). */
export const upNextJob = defineJob({
  name: UP_NEXT_JOB,
  every: UP_NEXT_CHECK_MS,
  lock: true,
  run: checkUpNext,
});
