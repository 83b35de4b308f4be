import { INBOX_TEXTS, MESSAGE_MESSAGES, PATHS } from "@airwave/contracts";
import MailIcon from "@mui/icons-material/Mail";
import { IconButton, Tooltip } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { CountBadge, countText } from "../../ui/CountBadge.tsx";
import { usePmUnreadTotal } from "./unread.ts";

const UNREAD_BADGE_MAX = 99;

/** The inbox icon with the unread private-message badge (signed-in members only). */
export function InboxButton() {
  const unread = usePmUnreadTotal();
  const label =
    unread > 0
      ? `${MESSAGE_MESSAGES.inboxTitle} (${INBOX_TEXTS.unread(countText(unread, UNREAD_BADGE_MAX))})`
      : MESSAGE_MESSAGES.inboxTitle;
  return (
    <Tooltip title={MESSAGE_MESSAGES.inboxTitle}>
      <IconButton color="inherit" component={RouterLink} to={PATHS.inbox} aria-label={label}>
        <CountBadge count={unread} max={UNREAD_BADGE_MAX} color="error">
          <MailIcon />
        </CountBadge>
      </IconButton>
    </Tooltip>
  );
}
