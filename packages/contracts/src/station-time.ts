/**
 * Calendar math in the station's time zone (decisions "Schedule and DJs"; ARCHITECTURE "Time: store
 * UTC; compute calendar things in the station time zone with one helper"): which Monday starts "this
 * week", which weekday is today, the instant a slot starts, and which month an instant falls in,
 * daylight saving included. Shared by server and web. Pure: every function takes the instant it
 * reasons about; only `Intl.DateTimeFormat` knows the zones (no date library: the web bundles it).
 */

/** A calendar date in the station's zone, `YYYY-MM-DD` (the form of the `week_start` column). */
export type StationDate = string;

export interface StationParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAY_INDEX: Record<string, number> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of the station at `instant`. */
export function stationParts(instant: Date, timeZone: string): StationParts {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour),
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: WEEKDAY_INDEX[out.weekday ?? ""] ?? 0,
  };
}

/** How far the station's wall clock is ahead of UTC at `ms` (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = stationParts(new Date(whole), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function parseDate(date: StationDate): [number, number, number] {
  const [y, m, d] = date.split("-").map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** `date` plus `days` calendar days. */
export function addDays(date: StationDate, days: number): StationDate {
  const [y, m, d] = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * The instant the station's wall clock shows `hour`:00 on `date`. An hour that happens twice (clocks
 * go back) is its first occurrence; an hour skipped when clocks go forward maps to the instant the
 * clocks jumped to (as `Temporal`'s "compatible" disambiguation does).
 */
export function stationInstant(date: StationDate, hour: number, timeZone: string): Date {
  const [y, m, d] = parseDate(date);
  const wall = Date.UTC(y, m - 1, d, hour);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((ms) => wall - ms === offsetAt(ms, timeZone));
  return new Date(valid.length > 0 ? Math.min(...valid) : wall - before);
}

export interface StationWeek {
  /** The Monday (station date) the week at `now` started on. */
  weekStart: StationDate;
  /** Today's weekday, 0 = Monday … 6 = Sunday. */
  today: number;
}

/** The station's calendar date at `instant`. */
export function stationDate(instant: Date, timeZone: string): StationDate {
  const p = stationParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The station week that `now` falls in. */
export function stationWeek(now: Date, timeZone: string): StationWeek {
  const p = stationParts(now, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { weekStart: addDays(date, -p.weekday), today: p.weekday };
}

/** A month of the station's calendar, `YYYY-MM` (e.g. `2026-11`). */
export type StationMonthKey = string;

export interface StationMonth {
  /** `YYYY-MM`. */
  key: StationMonthKey;
  /** Station midnight on the 1st (inclusive). */
  start: Date;
  /** Station midnight on the 1st of the next month (exclusive): the next month's `start`. */
  end: Date;
}

function parseMonth(key: StationMonthKey): [number, number] {
  const [y, m] = key.split("-").map(Number);
  return [y ?? 1970, m ?? 1];
}

/** `key` plus `months` calendar months (negative: earlier). */
export function addMonths(key: StationMonthKey, months: number): StationMonthKey {
  const [y, m] = parseMonth(key);
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}`;
}

/**
 * The bounds of month `key`: from station midnight on its 1st to station midnight on the next
 * month's 1st, as UTC instants (a month with a clock change is an hour shorter or longer).
 */
export function stationMonthOf(key: StationMonthKey, timeZone: string): StationMonth {
  const [y, m] = parseMonth(key);
  const normal = `${pad(y, 4)}-${pad(m)}`;
  return {
    key: normal,
    start: stationInstant(`${normal}-01`, 0, timeZone),
    end: stationInstant(`${addMonths(normal, 1)}-01`, 0, timeZone),
  };
}

/** The station month that `now` falls in. */
export function stationMonth(now: Date, timeZone: string): StationMonth {
  const p = stationParts(now, timeZone);
  return stationMonthOf(`${pad(p.year, 4)}-${pad(p.month)}`, timeZone);
}

/** When slot (`day` 0 = Monday, `hour`) of the week starting `weekStart` starts. */
export const slotStart = (weekStart: StationDate, day: number, hour: number, timeZone: string) =>
  stationInstant(addDays(weekStart, day), hour, timeZone);

/** When the slot ends: the next slot's start (Sunday 23:00 ends at next Monday 00:00). */
export const slotEnd = (weekStart: StationDate, day: number, hour: number, timeZone: string) =>
  hour === 23
    ? slotStart(weekStart, day + 1, 0, timeZone)
    : slotStart(weekStart, day, hour + 1, timeZone);

const weekCache = new Map<string, Date[][]>();

/**
 * The start instant of every slot of a week, `[day][hour]`. A week's instants never change, so they
 * are kept (the schedule answer needs all 168 on every read).
 */
export function weekSlotStarts(weekStart: StationDate, timeZone: string): Date[][] {
  const key = `${timeZone}|${weekStart}`;
  let starts = weekCache.get(key);
  if (!starts) {
    starts = Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (_, hour) => slotStart(weekStart, day, hour, timeZone)),
    );
    if (weekCache.size >= 8) weekCache.clear();
    weekCache.set(key, starts);
  }
  return starts;
}
