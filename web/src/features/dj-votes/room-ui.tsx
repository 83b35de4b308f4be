import {
  DJ_VOTES_SERVER_EVENTS,
  SCOREBOARD_SERVER_EVENTS,
  DJ_VOTES_UI_TEXTS as T,
} from "@airwave/contracts";
import HowToVoteOutlinedIcon from "@mui/icons-material/HowToVoteOutlined";
import { IconButton, Tooltip } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRoomEvent } from "../chat/room/hooks.ts";
import { defineRoomUi, type RoomUiProps } from "../chat/room/ui.ts";
import { djVotesKeys } from "./api.ts";
import { DjVotesDialog } from "./DjVotesDialog.tsx";

/**
 * The DJ votes button of the chat header and its dialog (on a phone the points menu holds it). A
 * vote anyone casts (`djvotes-changed`) and a new month (`djvotes-reset`) re-read the votes and the
 * Top DJ.
 */
function DjVotesHeader({ me, mobile }: RoomUiProps) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const reread = () => void qc.invalidateQueries({ queryKey: djVotesKeys.all });
  useRoomEvent(SCOREBOARD_SERVER_EVENTS.djVotesReset, reread);
  useRoomEvent(DJ_VOTES_SERVER_EVENTS.changed, reread);
  // A phone's header has no room: the points menu opens the dialog there.
  if (mobile) return null;
  return (
    <>
      <Tooltip title={T.open}>
        <IconButton aria-label={T.open} onClick={() => setOpen(true)} size="small" sx={{ p: 0.75 }}>
          <HowToVoteOutlinedIcon />
        </IconButton>
      </Tooltip>
      <DjVotesDialog open={open} onClose={() => setOpen(false)} meId={me._id} />
    </>
  );
}

/** DJ votes in the chat room's screen: a header button opening the dialog. */
export const djVotesRoomUi = defineRoomUi({ name: "dj-votes", header: DjVotesHeader });
