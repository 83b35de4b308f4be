import { INBOX_TEXTS, MESSAGE_MESSAGES, PATHS } from "@airwave/contracts";
import MailIcon from "@mui/icons-material/Mail";
import { Badge, IconButton, Tooltip } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { usePmUnreadTotal } from "./unread.ts";

/** The inbox icon with the unread private-message badge (signed-in members only). */
export function InboxButton() {
  const unread = usePmUnreadTotal();
  const label =
    unread > 0
      ? `${MESSAGE_MESSAGES.inboxTitle} (${INBOX_TEXTS.unread(unread)})`
      : MESSAGE_MESSAGES.inboxTitle;
  return (
    <Tooltip title={MESSAGE_MESSAGES.inboxTitle}>
      <IconButton color="inherit" component={RouterLink} to={PATHS.inbox} aria-label={label}>
        <Badge badgeContent={unread} color="error" max={99}>
          <MailIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
