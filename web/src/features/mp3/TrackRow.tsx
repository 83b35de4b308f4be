import { MP3_MESSAGES, type Mp3Track, MP3_UI_TEXTS as T } from "@airwave/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import ShareIcon from "@mui/icons-material/Share";
import { Box, Button, Checkbox, Chip, Paper, Stack, Typography } from "@mui/material";
import type { DownloadTrack } from "./downloads.ts";
import { formatBytes, formatDate, formatDuration } from "./format.ts";
import { TrackPlayer } from "./TrackPlayer.tsx";

export const downloadOf = (t: Mp3Track): DownloadTrack => ({
  id: t._id,
  trackName: t.trackName,
  url: t.feaboxUrl,
  fileSize: t.fileSize,
});

/**
 * One library track (chat spec 3, 6): name, uploader, length, size, downloads, date, the player
 * with its waveform, and what the viewer may do with it (select, share, download, delete).
 */
export function TrackRow({
  track,
  downloaded = false,
  selected,
  onSelect,
  onShare,
  onDownload,
  onDelete,
}: {
  track: Mp3Track;
  downloaded?: boolean;
  selected?: boolean;
  onSelect?: (on: boolean) => void;
  onShare?: () => void;
  onDownload?: () => void;
  onDelete?: () => void;
}) {
  const meta = [
    formatDuration(track.duration),
    formatBytes(track.fileSize),
    T.downloads(track.downloadCount),
    formatDate(track.uploadedAt),
  ].join(" · ");
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={track.trackName}
      data-track-id={track._id}
      sx={{ p: { xs: 1, sm: 1.5 }, listStyle: "none" }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", minWidth: 0 }}>
        {onSelect && (
          <Checkbox
            checked={!!selected}
            onChange={(e) => onSelect(e.target.checked)}
            slotProps={{ input: { "aria-label": T.select(track.trackName) } }}
            sx={{ p: 0.5, mt: 0.25 }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.25 }}
          >
            <Typography sx={{ fontWeight: 700, wordBreak: "break-word", minWidth: 0 }}>
              {track.trackName}
            </Typography>
            {downloaded && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<CheckCircleIcon />}
                label={T.downloaded}
              />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-word" }}>
            {T.uploadedBy(track.username)} · {meta}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <TrackPlayer
              src={track.feaboxUrl}
              title={track.trackName}
              waveform={track.waveform}
              duration={track.duration}
            />
          </Box>
          {(onShare || onDownload || onDelete) && (
            <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 0.5, flexWrap: "wrap" }}>
              {onShare && (
                <Button size="small" startIcon={<ShareIcon />} onClick={onShare}>
                  {T.share}
                </Button>
              )}
              {onDownload && (
                <Button size="small" startIcon={<DownloadIcon />} onClick={onDownload}>
                  {T.download}
                </Button>
              )}
              {onDelete && (
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
                  {MP3_MESSAGES.deleteLabel}
                </Button>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
