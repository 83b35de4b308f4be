import { BROADCAST_EVENTS, SCHEDULE_LIMITS, type ScheduleAnswer } from "@airwave/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSocketEvent } from "../../app/socket.ts";
import { bookSlot, deleteSlot, fetchDjUsers, fetchSchedule, wipeSchedule } from "./api.ts";

const scheduleKeys = {
  week: ["schedule"] as const,
  djs: ["schedule", "djs"] as const,
};

/**
 * The current week, shared by every view of it (the schedule page, the home page's tab, the chat
 * room's dialog). A signed-in page reloads it as soon as the server says it changed
 * (`schedule:changed`, sent to every connection); the one-minute poll stays as the fallback, and is
 * all a visitor has (no connection without a session).
 */
export function useSchedule() {
  const qc = useQueryClient();
  useSocketEvent(BROADCAST_EVENTS.scheduleChanged, () => {
    // Only the week (not the DJ list under the same prefix); several views share one reload.
    void qc.invalidateQueries(
      { queryKey: scheduleKeys.week, exact: true },
      { cancelRefetch: false },
    );
  });
  return useQuery({
    queryKey: scheduleKeys.week,
    queryFn: ({ signal }) => fetchSchedule(signal),
    refetchInterval: SCHEDULE_LIMITS.pollMs,
    retry: false,
  });
}

/** GET /getDjUsers: the DJs an admin may book a slot for. */
export function useDjUsers(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.djs,
    queryFn: ({ signal }) => fetchDjUsers(signal),
    enabled,
    staleTime: 60_000,
  });
}

/** Book, cancel and wipe answer with the week as it now is: it replaces the cached one. */
function useScheduleMutation<I, A extends ScheduleAnswer>(fn: (input: I) => Promise<A>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      qc.setQueryData<ScheduleAnswer>(scheduleKeys.week, {
        days: answer.days,
        timeZone: answer.timeZone,
      });
    },
    // A refusal (taken slot...) means our copy is stale: reload it.
    onError: () => qc.invalidateQueries({ queryKey: scheduleKeys.week }),
  });
}

export const useBookSlot = () => useScheduleMutation(bookSlot);
export const useDeleteSlot = () => useScheduleMutation(deleteSlot);
export const useWipeSchedule = () => useScheduleMutation((_: undefined) => wipeSchedule());

/** The current time, updated every `intervalMs` (slots end, days pass while the page is open). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
