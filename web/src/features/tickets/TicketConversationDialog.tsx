import {
  TICKET_LIMITS,
  TICKET_MESSAGES,
  type TicketMessageView,
  type TicketView,
  ticketReplySchema,
} from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { alpha } from "@mui/material/styles";
import { useSnackbar } from "notistack";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { failureMessage, useCloseTicket, useReplyTicket } from "./hooks.ts";
import { groupByDay } from "./logic.ts";
import { PriorityChip, StatusChip } from "./TicketChips.tsx";

type TicketViewer = "user" | "admin";

/**
 * A ticket's conversation: its description, the messages grouped by day (Today, Yesterday, a date),
 * and a reply box that grows to 6 rows for members (4 in the admin dashboard). Enter sends,
 * Shift+Enter starts a new line. A closed ticket takes no replies and cannot be closed again.
 */
export function TicketConversationDialog({
  ticket,
  open,
  onClose,
  viewer = "user",
}: {
  ticket: TicketView | null;
  open: boolean;
  onClose: () => void;
  viewer?: TicketViewer;
}) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open && !!ticket}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      {ticket && (
        <Conversation
          key={ticket._id}
          titleId={`${id}-t`}
          ticket={ticket}
          viewer={viewer}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function Conversation({
  titleId,
  ticket,
  viewer,
  onClose,
}: {
  titleId: string;
  ticket: TicketView;
  viewer: TicketViewer;
  onClose: () => void;
}) {
  const closed = ticket.status === "Closed";
  const closeTicket = useCloseTicket();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const count = ticket.messages.length;

  useEffect(() => {
    // Newest message in view when the dialog opens and when one arrives.
    if (count > 0) endRef.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  const confirmClose = async () => {
    try {
      await closeTicket.mutateAsync(ticket._id);
      enqueueSnackbar(TICKET_MESSAGES.closed, { variant: "success" });
    } catch (err) {
      enqueueSnackbar(failureMessage(err, TICKET_MESSAGES.closeFailed), { variant: "error" });
    }
    setConfirming(false);
  };

  return (
    <>
      <DialogTitle id={titleId} sx={{ pr: 7, pb: 1, overflowWrap: "anywhere" }}>
        {ticket.title}
      </DialogTitle>
      <IconButton
        aria-label="Close dialog"
        onClick={onClose}
        sx={{ position: "absolute", right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 3, pb: 1.5, alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
      >
        <PriorityChip priority={ticket.priority} />
        <StatusChip status={ticket.status} />
        <Typography variant="caption" color="text.secondary">
          Opened <RelativeTime date={ticket.createdAt} />
          {viewer === "admin" && <> by {ticket.username}</>}
        </Typography>
      </Stack>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2, bgcolor: "background.default" }}>
          <Typography variant="overline" color="text.secondary" component="h3">
            Description
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {ticket.description}
          </Typography>
        </Paper>
        <MessageList messages={ticket.messages} viewer={viewer} />
        <div ref={endRef} />
      </DialogContent>
      <ReplyBox ticket={ticket} viewer={viewer} closed={closed} />
      <DialogActions sx={{ px: { xs: 2, sm: 3 } }}>
        <Button
          variant="outlined"
          color="warning"
          startIcon={<LockOutlinedIcon />}
          disabled={closed || closeTicket.isPending}
          onClick={() => setConfirming(true)}
        >
          Close Ticket
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={TICKET_MESSAGES.confirmCloseTitle}
        message={TICKET_MESSAGES.confirmCloseText}
        confirmLabel="Close Ticket"
        busy={closeTicket.isPending}
        onConfirm={confirmClose}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export function MessageList({
  messages,
  viewer,
  now,
}: {
  messages: TicketMessageView[];
  viewer: TicketViewer;
  /** For tests: the moment 'Today' is measured from. */
  now?: Date;
}) {
  if (messages.length === 0) return <EmptyState text={TICKET_MESSAGES.noMessages} />;
  return (
    <Stack spacing={2}>
      {groupByDay(messages, now).map((group) => (
        <Box component="section" key={group.key} aria-label={group.label}>
          <Divider sx={{ mb: 1 }}>
            <Typography variant="caption" color="text.secondary" component="h3">
              {group.label}
            </Typography>
          </Divider>
          <Stack component="ol" spacing={1} sx={{ listStyle: "none", m: 0, p: 0 }}>
            {group.messages.map((m) => (
              <MessageBubble
                key={m._id}
                message={m}
                own={viewer === "admin" ? m.fromAdmin : !m.fromAdmin}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function MessageBubble({ message, own }: { message: TicketMessageView; own: boolean }) {
  return (
    <Box component="li" sx={{ display: "flex", justifyContent: own ? "flex-end" : "flex-start" }}>
      <Box
        sx={(theme) => ({
          maxWidth: "85%",
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: message.fromAdmin ? alpha(theme.palette.secondary.main, 0.4) : "divider",
          bgcolor: own ? alpha(theme.palette.primary.main, 0.14) : "background.default",
        })}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
          <Typography
            variant="caption"
            sx={{ fontWeight: 700, color: message.fromAdmin ? "secondary.main" : "primary.light" }}
          >
            {message.sender}
          </Typography>
          <RelativeTime
            date={message.timestamp ?? message.date}
            sx={{ typography: "caption", color: "text.secondary" }}
          />
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.content}
        </Typography>
      </Box>
    </Box>
  );
}

function ReplyBox({
  ticket,
  viewer,
  closed,
}: {
  ticket: TicketView;
  viewer: TicketViewer;
  closed: boolean;
}) {
  const reply = useReplyTicket();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const rows = viewer === "admin" ? TICKET_LIMITS.replyRowsAdmin : TICKET_LIMITS.replyRowsUser;
  const disabled = closed || reply.isPending;

  const send = async () => {
    if (disabled) return;
    const parsed = ticketReplySchema.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TICKET_MESSAGES.replyEmpty);
      return;
    }
    setError(null);
    try {
      await reply.mutateAsync({ ticketId: ticket._id, content: parsed.data.content });
      setDraft("");
    } catch {
      enqueueSnackbar(TICKET_MESSAGES.sendFailed, {
        variant: "error",
        autoHideDuration: TICKET_LIMITS.sendFailedToastMs,
      });
    } finally {
      // The Send button was disabled while sending, which drops the focus out of the dialog (and
      // with it Escape and the focus trap): give it back to the reply field for the next reply.
      field.current?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <Box
      component="form"
      aria-label="Reply"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      sx={{ display: "flex", gap: 1, alignItems: "flex-start", px: { xs: 2, sm: 3 }, pt: 1.5 }}
    >
      <TextField
        label="Reply"
        placeholder={closed ? TICKET_MESSAGES.closedNotice : "Write a reply…"}
        fullWidth
        multiline
        minRows={1}
        maxRows={rows}
        size="small"
        value={draft}
        inputRef={field}
        disabled={closed}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        error={!!error}
        helperText={error ?? (closed ? TICKET_MESSAGES.closedNotice : " ")}
        slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.messageMax } }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label="Send"
        disabled={disabled}
        sx={{ mt: 0.25 }}
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
