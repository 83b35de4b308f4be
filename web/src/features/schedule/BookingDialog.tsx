import {
  type BookingForm,
  bookingFormSchema,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TEXTS,
  type ScheduleDay,
  type ScheduleSlot,
  type Weekday,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { ApiError } from "../../app/api.ts";
import type { DialogMessage } from "../../ui/MessageDialog.tsx";
import { useBookSlot, useDjUsers } from "./hooks.ts";
import type { Viewer } from "./schedule-logic.ts";

export interface BookingTarget {
  day: ScheduleDay;
  slot: ScheduleSlot;
}

/**
 * The booking dialog (520 px): the genre; for an admin also the DJ (from getDjUsers) and whether the
 * booking repeats every week. Success and failure are reported through `onDone` with the spec's
 * titles.
 */
export function BookingDialog({
  target,
  viewer,
  admin,
  onClose,
  onDone,
}: {
  target: BookingTarget | null;
  viewer: Viewer;
  admin: boolean;
  onClose: () => void;
  onDone: (message: DialogMessage) => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={!!target}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: SCHEDULE_LIMITS.bookingDialogWidth } } }}
    >
      {target && (
        <>
          <DialogTitle id={`${id}-t`}>
            {SCHEDULE_TEXTS.bookTitle(target.day.day, target.slot.timeSlot)}
          </DialogTitle>
          <BookingFormBody
            target={target}
            viewer={viewer}
            admin={admin}
            onClose={onClose}
            onDone={onDone}
          />
        </>
      )}
    </Dialog>
  );
}

function BookingFormBody({
  target,
  viewer,
  admin,
  onClose,
  onDone,
}: {
  target: BookingTarget;
  viewer: Viewer;
  admin: boolean;
  onClose: () => void;
  onDone: (message: DialogMessage) => void;
}) {
  const book = useBookSlot();
  const djs = useDjUsers(admin);
  const schema = useMemo(() => bookingFormSchema(admin), [admin]);
  const form = useForm<BookingForm>({
    resolver: zodResolver(schema),
    defaultValues: { genre: "", djName: "", perm: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await book.mutateAsync({
        day: target.day.day as Weekday,
        timeSlot: target.slot.timeSlot,
        genre: values.genre,
        djName: admin ? values.djName : viewer.username,
        perm: admin ? values.perm : false,
      });
      onDone({
        title: SCHEDULE_MESSAGES.bookedTitle,
        message: answer.message || SCHEDULE_MESSAGES.booked,
      });
    } catch (err) {
      onDone({
        title: SCHEDULE_MESSAGES.bookingFailedTitle,
        message:
          err instanceof ApiError && err.message ? err.message : SCHEDULE_MESSAGES.bookingFailed,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {admin && (
            <Controller
              control={form.control}
              name="djName"
              render={({ field }) => (
                <TextField
                  select
                  label={SCHEDULE_TEXTS.bookFor}
                  {...field}
                  error={!!errors.djName}
                  helperText={errors.djName?.message}
                  disabled={djs.isPending}
                  fullWidth
                >
                  {(djs.data ?? []).map((dj) => (
                    <MenuItem key={dj._id} value={dj.username}>
                      {dj.username}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <TextField
            label={SCHEDULE_TEXTS.genre}
            placeholder={SCHEDULE_TEXTS.genrePlaceholder}
            autoFocus
            fullWidth
            required
            {...form.register("genre")}
            error={!!errors.genre}
            helperText={errors.genre?.message}
            slotProps={{ htmlInput: { maxLength: SCHEDULE_LIMITS.genreMax } }}
          />
          {admin && (
            <Controller
              control={form.control}
              name="perm"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={SCHEDULE_TEXTS.permanentBooking}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SCHEDULE_TEXTS.cancel}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {SCHEDULE_TEXTS.book}
        </Button>
      </DialogActions>
    </form>
  );
}
