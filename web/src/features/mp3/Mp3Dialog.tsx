import {
  CHAT_CLIENT_EVENTS as IN,
  MP3_MESSAGES,
  type Mp3Track,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import { Divider, Stack, Tab, Tabs, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { PanelDialog } from "../../ui/PanelDialog.tsx";
import { useRoom } from "../chat/room/hooks.ts";
import { BatchUploadForm } from "./BatchUploadForm.tsx";
import { DownloadsTab } from "./DownloadsTab.tsx";
import { LibraryTab } from "./LibraryTab.tsx";
import { SingleUploadForm } from "./SingleUploadForm.tsx";

const TABS = [MP3_MESSAGES.uploadTab, MP3_MESSAGES.libraryTab, MP3_MESSAGES.downloadsTab] as const;

/** Shares a library track into the chat room (an `mp3share` message naming the track). */
export function useShareTrack() {
  const room = useRoom();
  const { enqueueSnackbar } = useSnackbar();
  return (track: Mp3Track) => {
    const sent = room?.emit(IN.message, { message: "", type: "mp3share", trackId: track._id });
    if (sent) enqueueSnackbar(T.shared(track.trackName), { variant: "success" });
  };
}

/**
 * The chat room's MP3 library (chat spec 3): tabs Upload (one track or a batch), Library and
 * Downloads. The Downloads tab's queue goes on while the dialog is shut.
 */
export function Mp3Dialog({
  open,
  onClose,
  canDelete,
}: {
  open: boolean;
  onClose: () => void;
  canDelete: boolean;
}) {
  const [tab, setTab] = useState(0);
  const share = useShareTrack();
  return (
    <PanelDialog open={open} onClose={onClose} title={T.open} closeLabel={T.close} maxWidth="md">
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="fullWidth"
        aria-label={T.tabsLabel}
        sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        {TABS.map((label, i) => (
          <Tab key={label} label={label} id={`mp3-tab-${i}`} aria-controls="mp3-tabpanel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="mp3-tabpanel" aria-labelledby={`mp3-tab-${tab}`}>
        {tab === 0 && (
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {T.single}
            </Typography>
            <SingleUploadForm onShare={share} />
            <Divider />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {T.batch}
            </Typography>
            <BatchUploadForm />
          </Stack>
        )}
        {tab === 1 && <LibraryTab canDelete={canDelete} onShare={share} />}
        {tab === 2 && <DownloadsTab />}
      </div>
    </PanelDialog>
  );
}
