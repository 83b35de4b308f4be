import { DEFAULT_PROFILE_IMAGE, type NotificationView, notificationText } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import { Avatar, Badge, Box, IconButton, ListItemButton, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { RelativeTime } from "../../ui/RelativeTime.tsx";

/** One row of the bell's list: avatar, text, time; click opens it, (x) clears it. */
export function NotificationItem({
  n,
  onOpen,
  onClear,
  actions,
}: {
  n: NotificationView;
  onOpen: () => void;
  onClear: () => void;
  actions?: ReactNode;
}) {
  const unread = !n.read;
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        alignItems: "flex-start",
        borderBottom: 1,
        borderColor: "divider",
        borderLeft: 3,
        borderLeftColor: unread ? "primary.main" : "transparent",
        bgcolor: unread ? "action.selected" : undefined,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ListItemButton onClick={onOpen} sx={{ alignItems: "flex-start", gap: 1.5, py: 1 }}>
          <Badge
            variant="dot"
            color="primary"
            overlap="circular"
            invisible={!unread}
            anchorOrigin={{ vertical: "top", horizontal: "left" }}
          >
            <Avatar src={n.fromImage || DEFAULT_PROFILE_IMAGE} alt="" />
          </Badge>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="body2"
              sx={{ fontWeight: unread ? 700 : 400, overflowWrap: "anywhere" }}
            >
              {notificationText(n)}
            </Typography>
            <RelativeTime
              date={n.date}
              sx={{ typography: "caption", color: unread ? "primary.light" : "text.secondary" }}
            />
          </Box>
        </ListItemButton>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ pl: 8.5, pr: 1, pb: 1 }}>
            {actions}
          </Stack>
        )}
      </Box>
      <IconButton
        size="small"
        aria-label="Clear notification"
        onClick={onClear}
        sx={{ mt: 1, mr: 0.5 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
