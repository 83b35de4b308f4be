import { pointsPeriod } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";

/**
 * The points month's boundaries as the arcade's games meet them (decisions "Points, votes and
 * games"): no stake of any game is held across the freeze start (the 25th at 00:00, station time)
 * or the month's end (the 1st at 00:00). Each game's due work settles or refunds, at once, every
 * offer, game or round whose stakes were taken before the last boundary passed; a boundary found
 * late (every instance down over it) is settled in the month of the stakes, never the next one.
 */

/** The last boundary passed at `now`: the freeze start while frozen, else the month's start. */
export function lastBoundary(ctx: Pick<AppContext, "config">, now: Date): Date {
  const period = pointsPeriod(now, ctx.config.STATION_TIMEZONE);
  return period.frozen ? period.freezeStart : period.start;
}

/** The next boundary after `now`: the freeze start before it, else the next month's start. */
export function nextBoundary(ctx: Pick<AppContext, "config">, now: Date): Date {
  const period = pointsPeriod(now, ctx.config.STATION_TIMEZONE);
  return period.frozen ? period.end : period.freezeStart;
}

/**
 * When stakes taken at `stakedAt` are settled (the ledger rows' time) by work done at `now`: `now`,
 * unless the station month of the stakes has ended by then: its last millisecond, so the stakes and
 * what settles them are in one month (balances are a month's sum; a refund or a win written on the
 * 1st would start the new month with points the old one staked).
 */
export function settledAt(ctx: Pick<AppContext, "config">, stakedAt: Date, now: Date): Date {
  const { end } = pointsPeriod(stakedAt, ctx.config.STATION_TIMEZONE);
  return now.getTime() < end.getTime() ? now : new Date(end.getTime() - 1);
}
