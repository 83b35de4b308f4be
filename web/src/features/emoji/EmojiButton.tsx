import { EMOJI_MESSAGES } from "@airwave/contracts";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import { Box, CircularProgress, IconButton, Popover } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { LazyTooltip } from "../../ui/TooltipIconButton.tsx";
import { EMOJI_PICKER_SIZE } from "./picker-size.ts";

const EmojiPicker = lazy(async () => ({
  default: (await import("./EmojiPicker.tsx")).EmojiPicker,
}));
const ChatEmojiPicker = lazy(async () => ({
  default: (await import("./ChatEmojiPicker.tsx")).ChatEmojiPicker,
}));

/**
 * A composer button that opens the emoji picker (loaded on first use) in a popover: the inbox's
 * 4 tabs, or with `variant="chat"` the chat room's 11 categories.
 */
export function EmojiButton({
  onPick,
  disabled,
  variant = "inbox",
}: {
  onPick: (emoji: string) => void;
  disabled?: boolean;
  variant?: "inbox" | "chat";
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <LazyTooltip title={EMOJI_MESSAGES.openPicker}>
        <span>
          <IconButton
            aria-label={EMOJI_MESSAGES.openPicker}
            aria-haspopup="dialog"
            onClick={(e) => setAnchor(e.currentTarget)}
            disabled={disabled}
          >
            <EmojiEmotionsOutlinedIcon />
          </IconButton>
        </span>
      </LazyTooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { "aria-label": EMOJI_MESSAGES.pickerLabel, role: "dialog" } }}
      >
        <Suspense
          fallback={
            <Box
              sx={{
                width: EMOJI_PICKER_SIZE.width[variant],
                maxWidth: EMOJI_PICKER_SIZE.maxWidth,
                height: EMOJI_PICKER_SIZE.height,
                display: "grid",
                placeItems: "center",
              }}
            >
              <CircularProgress size={24} aria-label="Loading" />
            </Box>
          }
        >
          {variant === "chat" ? (
            <ChatEmojiPicker onPick={onPick} />
          ) : (
            <EmojiPicker onPick={onPick} />
          )}
        </Suspense>
      </Popover>
    </>
  );
}
