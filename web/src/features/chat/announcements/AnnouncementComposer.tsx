import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_SERVER_EVENTS,
  ANNOUNCEMENT_TEXTS,
  announcementInputSchema,
  CHAT_SERVER_EVENTS,
  isStaffRole,
} from "@airwave/contracts";
import CampaignIcon from "@mui/icons-material/Campaign";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useMe } from "../../../app/session.ts";
import { useRoom, useRoomEvent } from "../room/hooks.ts";

/** Without an answer from the room after this long, the composer lets the admin try again. */
const ANSWER_WAIT_MS = 10_000;

/** Whether the title or the message has something once trimmed, and both fit (chat spec 5). */
export function announcementSendable(title: string, message: string): boolean {
  return announcementInputSchema.safeParse({ title, message }).success;
}

/** Admins and moderators send announcements (chat spec 6; decisions "Roles and powers"). */
const canAnnounce = (role: string | null | undefined) => isStaffRole(role);

/**
 * The announcement composer (chat spec 2 and 5): a title (80) and a message (1000), each with its
 * counter, plain text (no markdown). Send is enabled when either has text after trimming; it emits
 * `admin-announcement` in the room and closes when the room broadcasts it, or shows the
 * room's refusal.
 */
export function AnnouncementComposer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const room = useRoom();
  const id = useId();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setSending(false);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const sendable = announcementSendable(title, message) && !!room && !sending;

  const finish = () => {
    clearTimeout(timer.current);
    setSending(false);
  };

  useRoomEvent(ANNOUNCEMENT_SERVER_EVENTS.announcement, () => {
    if (!sending) return;
    finish();
    setTitle("");
    setMessage("");
    onClose();
  });
  useRoomEvent(CHAT_SERVER_EVENTS.error, (refusal) => {
    // Off the wire unchecked: a refusal without its fields is not ours.
    if (!sending || refusal?.event !== ANNOUNCEMENT_CLIENT_EVENTS.send) return;
    finish();
    setError(refusal.message ?? null);
  });

  const send = () => {
    const parsed = announcementInputSchema.safeParse({ title, message });
    if (!parsed.success || !room?.queue(ANNOUNCEMENT_CLIENT_EVENTS.send, parsed.data)) return;
    setError(null);
    setSending(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSending(false), ANSWER_WAIT_MS);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{ANNOUNCEMENT_TEXTS.composerTitle}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${id}-form`}
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (sendable) send();
          }}
        >
          <TextField
            label={ANNOUNCEMENT_TEXTS.titleLabel}
            value={title}
            onChange={(e) => setTitle(e.target.value.slice(0, ANNOUNCEMENT_LIMITS.titleMax))}
            helperText={ANNOUNCEMENT_TEXTS.counter(title.length, ANNOUNCEMENT_LIMITS.titleMax)}
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.titleMax },
              formHelperText: { sx: { textAlign: "right" } },
            }}
          />
          <TextField
            label={ANNOUNCEMENT_TEXTS.messageLabel}
            value={message}
            onChange={(e) => setMessage(e.target.value.slice(0, ANNOUNCEMENT_LIMITS.messageMax))}
            helperText={ANNOUNCEMENT_TEXTS.counter(message.length, ANNOUNCEMENT_LIMITS.messageMax)}
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            slotProps={{
              htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.messageMax },
              formHelperText: { sx: { textAlign: "right" } },
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {ANNOUNCEMENT_TEXTS.plainTextHint}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ANNOUNCEMENT_TEXTS.cancel}</Button>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="contained"
          disabled={!sendable}
          startIcon={sending ? <CircularProgress size={16} /> : <CampaignIcon />}
        >
          {ANNOUNCEMENT_TEXTS.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The announcement button with its composer, shown to admins and moderators only (the room
 * refuses anyone else anyway).
 */
export function AnnouncementButton({ size = "medium" }: { size?: "small" | "medium" }) {
  const role = useMe().data?.role;
  const [open, setOpen] = useState(false);
  if (!canAnnounce(role)) return null;
  return (
    <>
      <Tooltip title={ANNOUNCEMENT_TEXTS.open}>
        <IconButton
          size={size}
          aria-label={ANNOUNCEMENT_TEXTS.open}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <CampaignIcon fontSize={size === "small" ? "small" : "medium"} />
        </IconButton>
      </Tooltip>
      <AnnouncementComposer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
