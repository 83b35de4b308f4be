import {
  MP3_MESSAGES,
  type Mp3TrackData,
  mp3TrackDataSchema,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DownloadIcon from "@mui/icons-material/Download";
import MusicNoteIcon from "@mui/icons-material/MusicNote";
import MusicOffIcon from "@mui/icons-material/MusicOff";
import { Avatar, Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { downloadManager, useDownloads } from "./downloads.ts";
import { formatBytes } from "./format.ts";
import { markTrackGone } from "./room.ts";
import { TrackPlayer } from "./TrackPlayer.tsx";

const trackDataOf = (m: RoomMessageProps["message"]): Mp3TrackData | null => {
  const parsed = mp3TrackDataSchema.safeParse(m.trackData);
  return parsed.success ? parsed.data : null;
};

function DownloadButton({ data }: { data: Mp3TrackData }) {
  const { downloaded, entries } = useDownloads();
  const busy = entries.some(
    (e) => e.track.id === data.trackId && (e.state === "queued" || e.state === "active"),
  );
  const done = downloaded.has(data.trackId);
  return (
    <Button
      size="small"
      startIcon={done ? <CheckCircleIcon /> : <DownloadIcon />}
      color={done ? "success" : "primary"}
      disabled={busy}
      onClick={() =>
        downloadManager().enqueue([
          {
            id: data.trackId,
            trackName: data.trackName,
            url: data.downloadUrl,
            fileSize: data.fileSize,
          },
        ])
      }
    >
      {done ? T.downloaded : T.download}
    </Button>
  );
}

/**
 * A shared track in the chat (chat spec 3): `mp3share` as a card with the track's banner (its
 * title, the uploader), a player and a download button; `mp3share-simple` as one compact line
 * with the player. A message whose track data is missing shows its text. A track deleted from the
 * library since (marked by the server, announced live, or found gone when played) keeps its banner
 * and says "This track is no longer in the library." with neither player nor download.
 */
export function SharedTrackMessage({ message }: RoomMessageProps) {
  const data = trackDataOf(message);
  const simple = message.type === "mp3share-simple";
  const room = useRoom();
  const { mp3RemovedTracks } = useRoomState("mp3RemovedTracks");
  const gone = !!data && (data.removed === true || mp3RemovedTracks.includes(data.trackId));
  if (!data) {
    return (
      <Typography variant="body2" sx={{ px: { xs: 1, sm: 2.5 }, py: 0.75 }}>
        {message.message}
      </Typography>
    );
  }
  return (
    <Box sx={{ px: { xs: 1, sm: 2.5 }, py: 0.75 }}>
      <Paper
        variant="outlined"
        role="group"
        aria-label={data.bannerTitle}
        data-track-id={data.trackId}
        sx={{ maxWidth: 520, overflow: "hidden" }}
      >
        {!simple && (
          <Stack
            direction="row"
            spacing={1.25}
            sx={{
              p: 1.25,
              alignItems: "center",
              background: "linear-gradient(135deg, rgba(167,139,250,0.35), rgba(34,211,238,0.18))",
            }}
          >
            <Avatar src={data.userProfilePic} alt="" sx={{ width: 40, height: 40 }}>
              <MusicNoteIcon />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 800, wordBreak: "break-word" }}>
                {data.bannerTitle}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-word" }}>
                {data.bannerSubtitle}
              </Typography>
            </Box>
          </Stack>
        )}
        <Box sx={{ px: 1.25, py: simple ? 0.75 : 1 }}>
          {simple && (
            <Typography variant="body2" sx={{ fontWeight: 700, wordBreak: "break-word" }}>
              <MusicNoteIcon fontSize="inherit" sx={{ verticalAlign: "middle", mr: 0.5 }} />
              {data.trackName}
            </Typography>
          )}
          {gone ? (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: "center", py: 0.5, color: "text.secondary" }}
            >
              <MusicOffIcon fontSize="small" />
              <Typography variant="body2">{MP3_MESSAGES.trackGone}</Typography>
            </Stack>
          ) : (
            <TrackPlayer
              src={data.downloadUrl}
              title={data.trackName}
              dense
              onGone={() => room && markTrackGone(room, data.trackId)}
            />
          )}
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Typography variant="caption" color="text.secondary">
              {T.sharedBy(data.sharedBy)}
              {!gone && ` · ${formatBytes(data.fileSize)}`}
            </Typography>
            {!gone && <DownloadButton data={data} />}
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
