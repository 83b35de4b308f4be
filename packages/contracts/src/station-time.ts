/**
 * Week math in the station's time zone (decisions "Schedule and DJs"): which Monday starts "this
 * week", which weekday is today, and the instant a slot starts, daylight saving included. Pure:
 * every function takes the instant it reasons about; only `Intl.DateTimeFormat` knows the zones.
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

/** The station week that `now` falls in. */
export function stationWeek(now: Date, timeZone: string): StationWeek {
  const p = stationParts(now, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { weekStart: addDays(date, -p.weekday), today: p.weekday };
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
