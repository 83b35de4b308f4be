import {
  isAdminRole,
  PATHS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TEXTS,
  type ScheduleDay,
  type ScheduleSlot,
  type Weekday,
} from "@airwave/contracts";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import { Alert, Button, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../app/api.ts";
import { useMe } from "../../app/session.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { BookingDialog, type BookingTarget } from "./BookingDialog.tsx";
import { useDeleteSlot, useNow, useSchedule, useWipeSchedule } from "./hooks.ts";
import { ScheduleWeek } from "./ScheduleWeek.tsx";
import { slotAction, type Viewer } from "./schedule-logic.ts";

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;

/** /schedule: the week's DJ slots; DJs book and cancel their own, admins anyone's (spec 2, 6). */
export function SchedulePage() {
  const me = useMe();
  const schedule = useSchedule();
  const now = useNow();
  const remove = useDeleteSlot();
  const wipe = useWipeSchedule();
  const [booking, setBooking] = useState<BookingTarget | null>(null);
  const [confirmWipe, setConfirmWipe] = useState(false);
  const [message, setMessage] = useState<DialogMessage | null>(null);

  if (schedule.isPending || !me.data) return <PageLoader />;
  const viewer: Viewer = me.data;
  const admin = isAdminRole(viewer.role);
  const days = schedule.data?.days ?? [];

  const cancel = async (slot: ScheduleSlot, day: ScheduleDay) => {
    try {
      await remove.mutateAsync({
        day: day.day as Weekday,
        timeSlot: slot.timeSlot,
        djName: slot.djName ?? undefined,
      });
      setMessage({ title: SCHEDULE_MESSAGES.deletedTitle, message: SCHEDULE_MESSAGES.deleted });
    } catch (err) {
      setMessage({
        title: SCHEDULE_MESSAGES.deletionFailedTitle,
        message: failure(err, SCHEDULE_MESSAGES.deletionFailed),
      });
    }
  };

  const wipeAll = async () => {
    setConfirmWipe(false);
    try {
      await wipe.mutateAsync(undefined);
      setMessage({ title: SCHEDULE_MESSAGES.wipedTitle, message: SCHEDULE_MESSAGES.wiped });
    } catch (err) {
      setMessage({
        title: SCHEDULE_MESSAGES.wipeFailedTitle,
        message: failure(err, SCHEDULE_MESSAGES.wipeFailed),
      });
    }
  };

  const actions = (slot: ScheduleSlot, day: ScheduleDay) => {
    switch (slotAction(slot, viewer, now)) {
      case "book":
        return (
          <Button size="small" variant="contained" onClick={() => setBooking({ day, slot })}>
            {SCHEDULE_TEXTS.book}
          </Button>
        );
      case "cancel":
        return (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={remove.isPending}
            onClick={() => void cancel(slot, day)}
          >
            {SCHEDULE_TEXTS.cancel}
          </Button>
        );
      case "djOnly":
        return (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
            {SCHEDULE_MESSAGES.djOnly}
          </Typography>
        );
      case "ended":
        return (
          <Typography variant="caption" color="text.disabled">
            {SCHEDULE_TEXTS.ended}
          </Typography>
        );
      default:
        return null;
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1000, mx: "auto" }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <EventAvailableIcon color="secondary" />
          <Typography variant="h4" component="h1">
            {SCHEDULE_TEXTS.title}
          </Typography>
        </Stack>
        {admin && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteSweepIcon />}
            onClick={() => setConfirmWipe(true)}
            disabled={wipe.isPending}
            aria-label={SCHEDULE_TEXTS.wipeSchedule}
          >
            {SCHEDULE_TEXTS.wipe}
          </Button>
        )}
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        {SCHEDULE_MESSAGES.policy}
        {schedule.data?.timeZone && ` ${SCHEDULE_TEXTS.stationTime(schedule.data.timeZone)}`}
      </Alert>
      {!viewer.isDj && !admin && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={PATHS.applyDj} color="inherit" size="small">
              {SCHEDULE_TEXTS.applyDj}
            </Button>
          }
        >
          {SCHEDULE_MESSAGES.becomeDj}
        </Alert>
      )}
      <ScheduleWeek days={days} now={now} actions={actions} />

      <BookingDialog
        target={booking}
        viewer={viewer}
        admin={admin}
        onClose={() => setBooking(null)}
        onDone={(m) => {
          setBooking(null);
          setMessage(m);
        }}
      />
      <ConfirmDialog
        open={confirmWipe}
        title={SCHEDULE_MESSAGES.wipeConfirmTitle}
        message={SCHEDULE_MESSAGES.wipeConfirm}
        confirmLabel={SCHEDULE_TEXTS.wipe}
        busy={wipe.isPending}
        onConfirm={() => void wipeAll()}
        onClose={() => setConfirmWipe(false)}
      />
      <MessageDialog value={message} onClose={() => setMessage(null)} />
    </Paper>
  );
}
