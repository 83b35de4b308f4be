import { type Mp3TrackData, mp3TrackDataSchema, MP3_UI_TEXTS as T } from "@airwave/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DownloadIcon from "@mui/icons-material/Download";
import MusicNoteIcon from "@mui/icons-material/MusicNote";
import { Avatar, Box, Button, Paper, Stack, Typography } from "@mui/material";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { downloadManager, useDownloads } from "./downloads.ts";
import { formatBytes } from "./format.ts";
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
 * with the player. A message whose track data is missing shows its text.
 */
export function SharedTrackMessage({ message }: RoomMessageProps) {
  const data = trackDataOf(message);
  const simple = message.type === "mp3share-simple";
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
          <TrackPlayer src={data.downloadUrl} title={data.trackName} dense />
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Typography variant="caption" color="text.secondary">
              {T.sharedBy(data.sharedBy)} · {formatBytes(data.fileSize)}
            </Typography>
            <DownloadButton data={data} />
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
