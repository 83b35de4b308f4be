import {
  GIF_MESSAGES,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import GifBoxOutlinedIcon from "@mui/icons-material/GifBoxOutlined";
import SendIcon from "@mui/icons-material/Send";
import { Box, Button, IconButton, Stack, TextField, Tooltip, useMediaQuery } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import { EmojiButton } from "../emoji/EmojiButton.tsx";

const GifDialog = lazy(async () => ({
  default: (await import("../gifs/GifDialog.tsx")).GifDialog,
}));

/** What a send resolves to: true when the message was stored (then the draft is cleared). */
export type SendFn = (body: string) => Promise<boolean>;

/**
 * The message composer (community spec 5): emoji picker, GIF button, multiline input and Send.
 * The draft is trimmed and never sent empty; Send is disabled while empty or sending; Enter sends,
 * Shift+Enter starts a new line. A chosen GIF is sent at once as its link.
 */
export function Composer({ onSend, disabled }: { onSend: SendFn; disabled?: boolean }) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [gifOpen, setGifOpen] = useState(false);
  const [gifLoaded, setGifLoaded] = useState(false);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));

  const text = draft.trim();
  const canSend = text.length > 0 && !sending && !disabled;

  const send = async (body: string, clearDraft: boolean) => {
    if (!body || sending) return;
    setSending(true);
    try {
      const ok = await onSend(body);
      if (ok && clearDraft) setDraft("");
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canSend) void send(text, true);
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? draft.length;
    const end = el?.selectionEnd ?? draft.length;
    const next = `${draft.slice(0, start)}${emoji}${draft.slice(end)}`;
    if (next.length > PRIVATE_MESSAGE_LIMITS.bodyMax) return;
    setDraft(next);
    requestAnimationFrame(() => {
      if (!el) return;
      const caret = start + emoji.length;
      el.setSelectionRange(caret, caret);
    });
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSend) void send(text, true);
      }}
      sx={{ p: 1, borderTop: 1, borderColor: "divider" }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end" }}>
        <EmojiButton onPick={insertEmoji} disabled={disabled} />
        <Tooltip title={GIF_MESSAGES.openDialog}>
          <span>
            <IconButton
              aria-label={GIF_MESSAGES.openDialog}
              aria-haspopup="dialog"
              disabled={disabled || sending}
              onClick={() => {
                setGifLoaded(true);
                setGifOpen(true);
              }}
            >
              <GifBoxOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          inputRef={input}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={PRIVATE_MESSAGE_MESSAGES.composerPlaceholder}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          disabled={disabled}
          slotProps={{
            htmlInput: {
              "aria-label": PRIVATE_MESSAGE_TEXTS.messageInput,
              maxLength: PRIVATE_MESSAGE_LIMITS.bodyMax,
            },
          }}
        />
        {compact ? (
          <IconButton
            type="submit"
            color="primary"
            aria-label={PRIVATE_MESSAGE_MESSAGES.send}
            disabled={!canSend}
          >
            <SendIcon />
          </IconButton>
        ) : (
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            endIcon={<SendIcon />}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {PRIVATE_MESSAGE_MESSAGES.send}
          </Button>
        )}
      </Stack>
      {gifLoaded && (
        <Suspense fallback={null}>
          <GifDialog
            open={gifOpen}
            onClose={() => setGifOpen(false)}
            onSelect={(gif) => void send(gif.url, false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
