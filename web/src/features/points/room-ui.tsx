import {
  DJ_VOTES_UI_TEXTS,
  LEADERBOARD_TEXTS as L,
  SCOREBOARD_SERVER_EVENTS,
} from "@airwave/contracts";
import EmojiEventsOutlinedIcon from "@mui/icons-material/EmojiEventsOutlined";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import HowToVoteOutlinedIcon from "@mui/icons-material/HowToVoteOutlined";
import LeaderboardIcon from "@mui/icons-material/Leaderboard";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LazyTooltip } from "../../ui/TooltipIconButton.tsx";
import { useRoomEvent } from "../chat/room/hooks.ts";
import { defineRoomUi, type RoomUiProps } from "../chat/room/ui.ts";
import { DjVotesDialog } from "../dj-votes/DjVotesDialog.tsx";
import { pointsKeys } from "./api.ts";
import { LeaderboardDialog } from "./Leaderboard.tsx";
import { MonthCountdown, monthCountdown } from "./MonthCountdown.tsx";
import { MyPoints } from "./MyPoints.tsx";
import { usePointsPeriod } from "./period.ts";
import { TopDjBanner } from "./TopDjBanner.tsx";

/**
 * On a phone the leaderboard, the DJ votes and the countdown to the 25th share one menu (the header
 * has no room for three more items; the DJ votes feature leaves its own button out there). In the
 * freeze the countdown leaves the menu for the header (`MonthCountdown compact`).
 */
function PhoneMenu({
  onLeaderboard,
  onDjVotes,
}: {
  onLeaderboard: () => void;
  onDjVotes: () => void;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const at = usePointsPeriod();
  const countdown = at ? monthCountdown(at.period, at.now) : null;
  return (
    <>
      <LazyTooltip title={L.open}>
        <IconButton
          aria-label={L.open}
          aria-haspopup="menu"
          aria-controls={anchor ? `${id}-m` : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          size="small"
          sx={{ p: 0.75 }}
        >
          <EmojiEventsOutlinedIcon />
        </IconButton>
      </LazyTooltip>
      <Menu id={`${id}-m`} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLeaderboard();
          }}
        >
          <ListItemIcon>
            <LeaderboardIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{L.open}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDjVotes();
          }}
        >
          <ListItemIcon>
            <HowToVoteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{DJ_VOTES_UI_TEXTS.open}</ListItemText>
        </MenuItem>
        {countdown && !countdown.frozen && (
          <MenuItem
            disabled
            role="timer"
            aria-label={countdown.label}
            sx={{ "&.Mui-disabled": { opacity: 1 } }}
          >
            <ListItemIcon>
              <HourglassTopIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{countdown.text}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

/**
 * Points in the chat room's header: the member's own points, the month-end countdown and the
 * leaderboard (on a phone: the points' number and one menu holding the DJ votes as well). A new month (`scoreboard-reset`) re-reads every points answer.
 */
function PointsHeader({ me, mobile }: RoomUiProps) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [djVotesOpen, setDjVotesOpen] = useState(false);
  useRoomEvent(SCOREBOARD_SERVER_EVENTS.scoreboardReset, () => {
    void qc.invalidateQueries({ queryKey: pointsKeys.all });
  });
  return (
    <>
      <MyPoints meId={me._id} compact={mobile} />
      {mobile ? (
        <>
          <MonthCountdown compact />
          <PhoneMenu onLeaderboard={() => setOpen(true)} onDjVotes={() => setDjVotesOpen(true)} />
          <DjVotesDialog open={djVotesOpen} onClose={() => setDjVotesOpen(false)} meId={me._id} />
        </>
      ) : (
        <>
          <MonthCountdown />
          <LazyTooltip title={L.open}>
            <IconButton
              aria-label={L.open}
              onClick={() => setOpen(true)}
              size="small"
              sx={{ p: 0.75 }}
            >
              <LeaderboardIcon />
            </IconButton>
          </LazyTooltip>
        </>
      )}
      <LeaderboardDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Points in the chat room's screen: header items and the Top DJ of the Month banner. */
export const pointsRoomUi = defineRoomUi({
  name: "points",
  header: PointsHeader,
  banner: TopDjBanner,
});
