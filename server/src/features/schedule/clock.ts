import type { AppContext } from "../../platform/context.ts";

/** What time it is, as the schedule sees it. */
export type Clock = () => Date;

const clocks = new WeakMap<AppContext, Clock>();

/**
 * Gives one app instance (its context) another clock: tests move time across weeks with it. The
 * schedule's routes and its week-reset job read the time only through `scheduleNow`.
 */
export function setScheduleClock(ctx: AppContext, clock: Clock | null): void {
  if (clock) clocks.set(ctx, clock);
  else clocks.delete(ctx);
}

/** The schedule's own clock if a test set one, else the app's (`ctx.clock`). */
export const scheduleNow = (ctx: AppContext): Date => clocks.get(ctx)?.() ?? ctx.clock.now();
