import { isStaffRole, MP3_UI_TEXTS as T } from "@airwave/contracts";
import LibraryMusicIcon from "@mui/icons-material/LibraryMusic";
import { IconButton, Tooltip } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { defineRoomUi, type RoomUiProps } from "../chat/room/ui.ts";

const Mp3Dialog = lazy(async () => ({ default: (await import("./Mp3Dialog.tsx")).Mp3Dialog }));
const SharedTrackMessage = lazy(async () => ({
  default: (await import("./SharedTrackMessage.tsx")).SharedTrackMessage,
}));

/** The MP3 library's button in the chat header; the dialog loads when first opened. */
function Mp3HeaderButton({ me }: RoomUiProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={T.open}>
        <IconButton
          aria-label={T.open}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          size="small"
          sx={{ p: 0.75 }}
        >
          <LibraryMusicIcon />
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <Mp3Dialog open={open} onClose={() => setOpen(false)} canDelete={isStaffRole(me.role)} />
        </Suspense>
      )}
    </>
  );
}

function SharedTrack(props: Parameters<typeof SharedTrackMessage>[0]) {
  return (
    <Suspense fallback={null}>
      <SharedTrackMessage {...props} />
    </Suspense>
  );
}

/** The MP3 library in the chat room's screen: the header button and the shared tracks. */
export const mp3RoomUi = defineRoomUi({
  name: "mp3",
  header: Mp3HeaderButton,
  messages: { mp3share: SharedTrack, "mp3share-simple": SharedTrack },
});
