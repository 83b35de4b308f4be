import { ANNOUNCEMENT_TEXTS, type Announcement } from "@airwave/contracts";
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
import { useId } from "react";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { useRoom, useRoomState } from "../room/hooks.ts";
import { dismissAnnouncement } from "./room.ts";

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
 * The incoming announcement (chat spec 2): the last one (asked for by the room's announcements
 * feature, `room.ts`) as a banner; one sent while here in a dialog. Plain text only, escaped. A
 * dismissed announcement does not come back in this browser tab.
 */
export function IncomingAnnouncement() {
  const room = useRoom();
  const { announcementBanner: banner, announcementLive: live } = useRoomState(
    "announcementBanner",
    "announcementLive",
  );
  const id = useId();
  const closeLive = () => room && dismissAnnouncement(room, "live");

  return (
    <>
      {banner && !live && (
        <Alert
          severity="info"
          icon={<CampaignIcon />}
          role="region"
          aria-label={ANNOUNCEMENT_TEXTS.bannerLabel}
          onClose={() => room && dismissAnnouncement(room, "banner")}
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
