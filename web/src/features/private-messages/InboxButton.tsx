import { PATHS, PRIVATE_MESSAGE_MESSAGES, PRIVATE_MESSAGE_TEXTS } from "@airwave/contracts";
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
      ? `${PRIVATE_MESSAGE_MESSAGES.inboxTitle} (${PRIVATE_MESSAGE_TEXTS.unread(countText(unread, UNREAD_BADGE_MAX))})`
      : PRIVATE_MESSAGE_MESSAGES.inboxTitle;
  return (
    <Tooltip title={PRIVATE_MESSAGE_MESSAGES.inboxTitle}>
      <IconButton color="inherit" component={RouterLink} to={PATHS.inbox} aria-label={label}>
        <CountBadge count={unread} max={UNREAD_BADGE_MAX} color="error">
          <MailIcon />
        </CountBadge>
      </IconButton>
    </Tooltip>
  );
}
