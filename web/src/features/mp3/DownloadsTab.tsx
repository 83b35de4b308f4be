import { MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import { type DownloadState, downloadManager, useDownloads } from "./downloads.ts";
import { formatBytes } from "./format.ts";

const TONE: Record<DownloadState, "default" | "primary" | "success" | "error"> = {
  queued: "default",
  active: "primary",
  done: "success",
  error: "error",
};

/**
 * The Downloads tab (chat spec 3, 4, 9): the queue with each track's state (queued, downloading,
 * done) and progress; Sequential (the default: one at a time) or up to 5 together; the hint to
 * switch to Sequential when the browser blocked a download.
 */
export function DownloadsTab() {
  const { entries, sequential, blockedHint, notice } = useDownloads();
  const m = downloadManager();
  const finished = entries.some((e) => e.state === "done" || e.state === "error");
  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: "center", flexWrap: "wrap", justifyContent: "space-between" }}
      >
        <Box>
          <FormControlLabel
            control={
              <Switch checked={sequential} onChange={(e) => m.setSequential(e.target.checked)} />
            }
            label={T.sequential}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {T.sequentialHint}
          </Typography>
        </Box>
        {finished && (
          <Button size="small" onClick={() => m.clearFinished()}>
            {T.clearDone}
          </Button>
        )}
      </Stack>
      {blockedHint && !sequential && (
        <Alert severity="warning" role="alert">
          {MP3_MESSAGES.downloadBlocked}
        </Alert>
      )}
      {notice && (
        <Alert severity="error" onClose={() => m.dismissNotice()}>
          {notice}
        </Alert>
      )}
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
          {T.queueEmpty}
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1}
          aria-label={MP3_MESSAGES.downloadsTab}
          sx={{ p: 0, m: 0 }}
        >
          {entries.map((e) => (
            <Paper
              key={e.key}
              component="li"
              variant="outlined"
              aria-label={e.track.trackName}
              data-state={e.state}
              sx={{ p: 1.25, listStyle: "none" }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: "break-word" }}>
                    {e.track.trackName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatBytes(e.track.fileSize)}
                    {e.error ? ` · ${e.error}` : ""}
                  </Typography>
                </Box>
                <Chip size="small" color={TONE[e.state]} label={T.downloadStates[e.state]} />
                {e.state === "error" && (
                  <Button size="small" onClick={() => m.retry(e.key)}>
                    {T.retry}
                  </Button>
                )}
              </Stack>
              {(e.state === "active" || e.state === "queued") && (
                <LinearProgress
                  variant={e.state === "active" ? "determinate" : "indeterminate"}
                  value={e.progress * 100}
                  aria-label={T.downloadStates[e.state]}
                  sx={{ mt: 1 }}
                />
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
