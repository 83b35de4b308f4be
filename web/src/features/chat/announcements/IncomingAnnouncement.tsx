import {
  ANNOUNCEMENT_TEXTS,
  type Announcement,
  CHAT_CLIENT_EVENTS,
  CHAT_EXTRAS_STORAGE,
  CHAT_SERVER_EVENTS,
} from "@airwave/contracts";
import CampaignIcon from "@mui/icons-material/Campaign";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import type { ChatRoom } from "../room/features.ts";
import { useRoom, useRoomEvent } from "../room/hooks.ts";

/** How long after asking for the last announcement an answer counts as that one (not a new one). */
const LAST_ANSWER_MS = 5_000;

/** An announcement from the room, or null when the payload is not one. */
export function announcementOf(payload: unknown): Announcement | null {
  const a = payload as Partial<Announcement> | null;
  if (!a || typeof a !== "object") return null;
  const title = typeof a.title === "string" ? a.title : "";
  const message = typeof a.message === "string" ? a.message : "";
  if (!title && !message) return null;
  return {
    title,
    message,
    from: typeof a.from === "string" ? a.from : "",
    at: typeof a.at === "string" ? a.at : "",
  };
}

/** Asks the room for its last announcement (when connected), noting when. */
function askLast(room: ChatRoom | null, askedAt: { current: number }) {
  if (room?.emit(CHAT_CLIENT_EVENTS.getLastAnnouncement)) askedAt.current = Date.now();
}

const dismissedAt = () => {
  try {
    return sessionStorage.getItem(CHAT_EXTRAS_STORAGE.dismissedAnnouncement);
  } catch {
    return null;
  }
};
const dismiss = (a: Announcement) => {
  try {
    sessionStorage.setItem(CHAT_EXTRAS_STORAGE.dismissedAnnouncement, a.at);
  } catch {
    // Not kept: it may show again after a reload.
  }
};

function Body({ announcement }: { announcement: Announcement }) {
  return (
    <>
      {announcement.message && (
        <Typography
          component="p"
          variant="body1"
          sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", m: 0 }}
        >
          {announcement.message}
        </Typography>
      )}
      {(announcement.from || announcement.at) && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {announcement.from && ANNOUNCEMENT_TEXTS.from(announcement.from)}
          {announcement.from && announcement.at && " · "}
          {announcement.at && <RelativeTime date={announcement.at} />}
        </Typography>
      )}
    </>
  );
}

/**
 * The incoming announcement (chat spec 2): asks the room for the last one when connected
 * (`get-last-announcement`) and shows it as a banner; one sent while here opens a dialog. Plain
 * text only, escaped. A dismissed announcement does not come back in this browser tab.
 */
export function IncomingAnnouncement() {
  const room = useRoom();
  const id = useId();
  const [live, setLive] = useState<Announcement | null>(null);
  const [banner, setBanner] = useState<Announcement | null>(null);
  const askedAt = useRef(0);

  // Asked when the room is (or gets) connected, and again on every reconnect.
  useEffect(() => askLast(room, askedAt), [room]);
  useRoomEvent("connect", () => askLast(room, askedAt));

  useRoomEvent(CHAT_SERVER_EVENTS.announcement, (payload) => {
    const a = announcementOf(payload);
    if (!a) return;
    // The answer to our question is an announcement made before we asked; a newer one is live.
    const asked = askedAt.current;
    const answer = asked > 0 && Date.now() - asked < LAST_ANSWER_MS && !(Date.parse(a.at) >= asked);
    if (answer) askedAt.current = 0;
    if (answer) {
      if (a.at !== dismissedAt()) setBanner(a);
      return;
    }
    setBanner(null);
    setLive(a);
  });

  const closeLive = () => {
    if (live) dismiss(live);
    setLive(null);
  };

  return (
    <>
      {banner && !live && (
        <Alert
          severity="info"
          icon={<CampaignIcon />}
          role="region"
          aria-label={ANNOUNCEMENT_TEXTS.bannerLabel}
          onClose={() => {
            dismiss(banner);
            setBanner(null);
          }}
          slotProps={{ closeButton: { "aria-label": ANNOUNCEMENT_TEXTS.dismiss } }}
          sx={{ "& .MuiAlert-message": { minWidth: 0, flex: 1 } }}
        >
          {banner.title && (
            <AlertTitle sx={{ overflowWrap: "anywhere" }}>{banner.title}</AlertTitle>
          )}
          <Box sx={{ maxHeight: 160, overflowY: "auto" }}>
            <Body announcement={banner} />
          </Box>
        </Alert>
      )}
      <Dialog
        open={!!live}
        onClose={closeLive}
        maxWidth="sm"
        fullWidth
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
      >
        <DialogTitle id={`${id}-title`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <CampaignIcon color="primary" />
            <Box component="span" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {live?.title || ANNOUNCEMENT_TEXTS.incomingTitle}
            </Box>
          </Stack>
        </DialogTitle>
        <DialogContent id={`${id}-body`}>{live && <Body announcement={live} />}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={closeLive} autoFocus>
            {ANNOUNCEMENT_TEXTS.close}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
