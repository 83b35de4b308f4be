import { CHAT_MESSAGES, CHAT_TEXTS } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import WavingHandIcon from "@mui/icons-material/WavingHand";
import { Box, IconButton, Paper, Typography } from "@mui/material";
import type { JoinToast } from "./room/users.ts";

/** Welcome toasts of members joining (chat spec 2): each removes itself after 10 s. */
export function WelcomeToasts({
  joins,
  onDismiss,
}: {
  joins: JoinToast[];
  onDismiss: (key: number) => void;
}) {
  if (joins.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label={CHAT_TEXTS.welcomeToasts}
      aria-live="polite"
      sx={{
        position: "absolute",
        top: 8,
        right: 8,
        zIndex: 3,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        maxWidth: "calc(100% - 16px)",
        pointerEvents: "none",
      }}
    >
      {joins.slice(-3).map((j) => (
        <Paper
          key={j.key}
          elevation={6}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            pl: 1.5,
            pr: 0.5,
            py: 0.5,
            pointerEvents: "auto",
            borderLeft: 3,
            borderColor: "secondary.main",
          }}
        >
          <WavingHandIcon fontSize="small" color="secondary" />
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {CHAT_MESSAGES.userJoined(j.username)}
          </Typography>
          <IconButton size="small" aria-label={CHAT_TEXTS.close} onClick={() => onDismiss(j.key)}>
            <CloseIcon fontSize="inherit" />
          </IconButton>
        </Paper>
      ))}
    </Box>
  );
}
