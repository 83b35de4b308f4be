import { CHAT_TEXTS } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
} from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { useId } from "react";
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
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-t`}
    >
      <DialogTitle id={`${id}-t`} sx={{ display: "flex", alignItems: "center", pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {CHAT_TEXTS.scheduleTitle}
        </Box>
        <IconButton aria-label={CHAT_TEXTS.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        {open && <ScheduleBody />}
      </DialogContent>
    </Dialog>
  );
}
