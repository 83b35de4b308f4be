import { CHAT_TEXTS } from "@airwave/contracts";
import { Box, CircularProgress } from "@mui/material";
import { PanelDialog } from "../../ui/PanelDialog.tsx";
import { useNow, useSchedule } from "../schedule/hooks.ts";
import { ScheduleWeek } from "../schedule/ScheduleWeek.tsx";

function ScheduleBody() {
  const schedule = useSchedule();
  const now = useNow();
  if (schedule.isPending)
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
        <CircularProgress aria-label={CHAT_TEXTS.loading} />
      </Box>
    );
  // Read-only: no actions column. A failed load shows the week's empty state.
  return <ScheduleWeek days={schedule.data?.days ?? []} now={now} />;
}

/** The DJ schedule (chat spec 2), read-only, with the schedule page's own week table. */
export function ScheduleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <PanelDialog
      open={open}
      onClose={onClose}
      title={CHAT_TEXTS.scheduleTitle}
      closeLabel={CHAT_TEXTS.close}
      maxWidth="md"
    >
      <ScheduleBody />
    </PanelDialog>
  );
}
