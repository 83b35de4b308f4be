import { EMOJI_MESSAGES } from "@airwave/contracts";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import { Box, CircularProgress, IconButton, Popover, Tooltip } from "@mui/material";
import { lazy, Suspense, useState } from "react";

const EmojiPicker = lazy(async () => ({
  default: (await import("./EmojiPicker.tsx")).EmojiPicker,
}));

/** A composer button that opens the emoji picker (loaded on first use) in a popover. */
export function EmojiButton({
  onPick,
  disabled,
}: {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={EMOJI_MESSAGES.openPicker}>
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
      </Tooltip>
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
            <Box sx={{ p: 3, display: "grid", placeItems: "center" }}>
              <CircularProgress size={24} aria-label="Loading" />
            </Box>
          }
        >
          <EmojiPicker onPick={onPick} />
        </Suspense>
      </Popover>
    </>
  );
}
