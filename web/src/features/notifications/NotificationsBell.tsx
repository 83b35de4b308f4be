import {
  type FollowStatus,
  NOTIFICATION_MESSAGES,
  type NotificationView,
} from "@airwave/contracts";
import NotificationsIcon from "@mui/icons-material/Notifications";
import { Button, IconButton, List, Popover, Tooltip, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useMe } from "../../app/session.ts";
import { CountBadge, countText } from "../../ui/CountBadge.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { useNotificationActions, useNotifications } from "./hooks.ts";
import { NotificationItem } from "./NotificationItem.tsx";
import { notificationTarget, requesterOf } from "./target.ts";

const UNREAD_BADGE_MAX = 99;

/** A follow request accepted in this popover: it stays, offering Follow Back, until closed. */
interface AcceptedRequest {
  n: NotificationView;
  requesterId: string | null;
  follow: "idle" | "busy" | FollowStatus;
}

/** The top bar's bell (signed-in members only): unread badge and the notifications popover. */
export function NotificationsBell() {
  const { data } = useNotifications();
  const me = useMe();
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [accepted, setAccepted] = useState<AcceptedRequest[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const id = useId();
  const popoverId = `${id}-popover`;
  const titleId = `${id}-title`;

  const open = anchor !== null;
  const unread = data?.unread ?? 0;
  const list = data?.notifications ?? [];

  const close = () => {
    setAnchor(null);
    setAccepted([]);
  };

  const go = (n: NotificationView) => {
    void actions.markRead(n);
    const to = notificationTarget(n, me.data);
    close();
    if (to) navigate(to);
  };

  const setBusyFor = (key: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const answer = async (n: NotificationView, accept: boolean) => {
    setBusyFor(n._id, true);
    try {
      if (await actions.answerFollowRequest(n, accept)) {
        setAccepted((prev) => [
          {
            n: { ...n, type: "follower", read: true },
            requesterId: requesterOf(n),
            follow: "idle",
          },
          ...prev,
        ]);
      }
    } finally {
      setBusyFor(n._id, false);
    }
  };

  const setFollow = (key: string, follow: AcceptedRequest["follow"]) =>
    setAccepted((prev) => prev.map((a) => (a.n._id === key ? { ...a, follow } : a)));

  const followBack = async (item: AcceptedRequest) => {
    if (!item.requesterId) return;
    setFollow(item.n._id, "busy");
    setFollow(item.n._id, (await actions.followBack(item.requesterId)) ?? "idle");
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          // The name carries the count the badge shows (the badge itself is hidden from it).
          aria-label={
            unread > 0
              ? `Notifications (${countText(unread, UNREAD_BADGE_MAX)} unread)`
              : "Notifications"
          }
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <CountBadge count={unread} max={UNREAD_BADGE_MAX} color="error">
            <NotificationsIcon />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-labelledby": titleId,
            sx: {
              width: 380,
              // MUI keeps a popover 16 px from both edges of the screen: leave room for both.
              maxWidth: "calc(100vw - 32px)",
              maxHeight: "min(70vh, 560px)",
              display: "flex",
              flexDirection: "column",
            },
          },
        }}
      >
        <Typography
          id={titleId}
          component="h2"
          variant="subtitle1"
          sx={{ px: 2, py: 1.5, fontWeight: 700, borderBottom: 1, borderColor: "divider" }}
        >
          Notifications
        </Typography>
        {list.length === 0 && accepted.length === 0 ? (
          <EmptyState text={NOTIFICATION_MESSAGES.empty} />
        ) : (
          <List disablePadding sx={{ overflowY: "auto" }}>
            {accepted.map((item) => (
              <NotificationItem
                key={`accepted-${item.n._id}`}
                n={item.n}
                onOpen={() => go(item.n)}
                onClear={() => setAccepted((prev) => prev.filter((a) => a !== item))}
                actions={
                  item.requesterId && (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={item.follow !== "idle"}
                      onClick={() => void followBack(item)}
                    >
                      {item.follow === "following"
                        ? "Following"
                        : item.follow === "requested"
                          ? "Requested"
                          : "Follow Back"}
                    </Button>
                  )
                }
              />
            ))}
            {list.map((n) => (
              <NotificationItem
                key={n._id}
                n={n}
                onOpen={() => go(n)}
                onClear={() => void actions.clear(n)}
                actions={
                  n.type === "follow-request" && (
                    <>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy.has(n._id)}
                        onClick={() => void answer(n, true)}
                      >
                        Accept
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={busy.has(n._id)}
                        onClick={() => void answer(n, false)}
                      >
                        Decline
                      </Button>
                    </>
                  )
                }
              />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
