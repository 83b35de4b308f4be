import { SCHEDULE_MESSAGES, SCHEDULE_TEXTS } from "@airwave/contracts";
import { Paper, Typography } from "@mui/material";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { useNow, useSchedule } from "../schedule/hooks.ts";
import { ScheduleWeek } from "../schedule/ScheduleWeek.tsx";

/** The public home page's Schedule tab: the same week as /schedule, read-only (GET /schedule is public). */
export function ScheduleTab() {
  const schedule = useSchedule();
  const now = useNow();
  if (schedule.isPending) return <PageLoader />;
  const days = schedule.data?.days ?? [];
  if (days.length === 0) return <EmptyState text={SCHEDULE_MESSAGES.noSchedule} />;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {SCHEDULE_MESSAGES.policy}
        {schedule.data?.timeZone && ` ${SCHEDULE_TEXTS.stationTime(schedule.data.timeZone)}`}
      </Typography>
      <ScheduleWeek days={days} now={now} />
    </Paper>
  );
}
