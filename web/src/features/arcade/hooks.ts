import { pointsPeriod } from "@airwave/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { pointsApi, pointsKeys } from "../points/api.ts";
import { useSchedule } from "../schedule/hooks.ts";

/** The member's points this month (`GET /me/points`, the query the header's chip shares). */
export function useMyPoints(): number | undefined {
  const query = useQuery({
    queryKey: pointsKeys.mine,
    queryFn: ({ signal }) => pointsApi.mine(signal),
  });
  return query.data?.points;
}

/** Reads the member's points again (a stake of theirs taken or returned). */
export function useRefreshMyPoints(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: pointsKeys.mine });
}

/** The current time, re-read every `ms` while `running`. */
export function useTicker(ms: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms, running]);
  return now;
}

/**
 * Whether the points games are closed now: points are frozen (decisions: from the 25th to the 1st,
 * station time). The station's time zone comes with the schedule; unknown until it answers (the
 * server refuses anyway).
 */
export function useGamesClosed(): boolean {
  const timeZone = useSchedule().data?.timeZone;
  const now = useTicker(60_000);
  if (!timeZone) return false;
  try {
    return pointsPeriod(new Date(now), timeZone).frozen;
  } catch {
    return false;
  }
}

/** Whole seconds from `now` until `iso` (0 once past, or when there is no time). */
export const secondsLeft = (iso: string | null, now: number): number => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
};

/** Reads the member's points again once their game `gameId` is over (`over`). */
export function useRefreshPointsWhenOver(over: boolean, gameId: string | undefined): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (over && gameId) void qc.invalidateQueries({ queryKey: pointsKeys.mine });
  }, [over, gameId, qc]);
}
