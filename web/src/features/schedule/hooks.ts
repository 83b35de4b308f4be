import { SCHEDULE_LIMITS, type ScheduleAnswer } from "@airwave/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { bookSlot, deleteSlot, fetchDjUsers, fetchSchedule, wipeSchedule } from "./api.ts";

export const scheduleKeys = {
  week: ["schedule"] as const,
  djs: ["schedule", "djs"] as const,
};

/** The current week (shared by the schedule page and the public home tab), reloaded every minute. */
export function useSchedule() {
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
