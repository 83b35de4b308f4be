import {
  DEFAULT_TICKET_PRIORITY,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_PRIORITIES,
  type TicketForm,
  type TicketView,
  ticketFormSchema,
} from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { failureMessage, useCreateTicket } from "./hooks.ts";

type FormInput = { title: string; description: string; priority?: TicketForm["priority"] };

/**
 * Opens a ticket: title and description required, priority Minor by default (community spec 5).
 * Success toasts 'Ticket created'; a failure toasts the server's message or the spec's fallback.
 */
export function CreateTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (ticket: TicketView) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-t`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-t`}>New Ticket</DialogTitle>
      {open && <CreateTicketForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateTicketForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (ticket: TicketView) => void;
}) {
  const create = useCreateTicket();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<FormInput, unknown, TicketForm>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { title: "", description: "", priority: DEFAULT_TICKET_PRIORITY },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { ticket } = await create.mutateAsync(values);
      enqueueSnackbar(TICKET_MESSAGES.created, { variant: "success" });
      onCreated?.(ticket);
      onClose();
    } catch (err) {
      enqueueSnackbar(failureMessage(err, TICKET_MESSAGES.createFailed), { variant: "error" });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="New ticket">
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Title"
            required
            autoFocus
            fullWidth
            {...form.register("title")}
            error={!!errors.title}
            helperText={errors.title?.message}
            slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.titleMax } }}
          />
          <TextField
            label="Description"
            required
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            {...form.register("description")}
            error={!!errors.description}
            helperText={errors.description?.message}
            slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.descriptionMax } }}
          />
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => (
              <TextField
                select
                label="Priority"
                fullWidth
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.priority}
                helperText={errors.priority?.message}
              >
                {TICKET_PRIORITIES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {p}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create Ticket
        </Button>
      </DialogActions>
    </form>
  );
}
