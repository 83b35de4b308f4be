import { type PointsPeriod, pointsPeriod } from "@airwave/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchSchedule } from "../schedule/api.ts";

/** How often the month-end countdowns and the freeze are re-read from the clock. */
export const PERIOD_TICK_MS = 30_000;

/**
 * The station's time zone, as the server's schedule names it (`GET /schedule`'s `timeZone`: the
 * one place the web learns it). Undefined until known.
 */
export function useStationTimeZone(): string | undefined {
  const query = useQuery({
    queryKey: ["station-time-zone"],
    queryFn: async ({ signal }) => (await fetchSchedule(signal)).timeZone,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return query.data || undefined;
}

/**
 * This station month's points period (`pointsPeriod`: the freeze from the 25th, the new month on
 * the 1st) and the time it was read, re-read every `tickMs`; null until the time zone is known.
 */
export function usePointsPeriod(
  tickMs = PERIOD_TICK_MS,
): { period: PointsPeriod; now: number } | null {
  const timeZone = useStationTimeZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  if (!timeZone) return null;
  return { period: pointsPeriod(new Date(now), timeZone), now };
}
