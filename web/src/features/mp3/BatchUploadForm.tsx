import { MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import LibraryMusicIcon from "@mui/icons-material/LibraryMusic";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { mp3Keys } from "./api.ts";
import { type BatchStatus, type BatchSummary, useBatchUpload } from "./batch-upload.ts";
import { formatBytes } from "./format.ts";

const TONE: Record<BatchStatus, "default" | "primary" | "success" | "error"> = {
  queued: "default",
  uploading: "primary",
  done: "success",
  error: "error",
};

/**
 * A batch upload (chat spec 3; admin spec Tab 8 Batch Upload): MP3s only (the others are named
 * with why they were left out), each named after its title tag or its file (at most 120 characters), 5 uploading at a time with their status and progress; when
 * all are through, 'Batch complete' with the counts uploaded and failed.
 */
export function BatchUploadForm({ uploader }: { uploader?: string }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [summary, setSummary] = useState<BatchSummary | null>(null);
  const batch = useBatchUpload({
    uploader,
    onUploaded: () => void qc.invalidateQueries({ queryKey: mp3Keys.all }),
  });
  const waiting = batch.items.filter((it) => it.status === "queued" || it.status === "error");

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {T.batchHint}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<LibraryMusicIcon />}
          disabled={batch.running}
        >
          {T.chooseFiles}
          <input
            ref={input}
            type="file"
            accept="audio/*"
            multiple
            hidden
            onChange={(e) => {
              setSummary(null);
              const files = [...(e.target.files ?? [])];
              e.target.value = "";
              void batch.add(files);
            }}
          />
        </Button>
        <Button
          variant="contained"
          disabled={batch.running || waiting.length === 0}
          onClick={async () => {
            setSummary(null);
            setSummary(await batch.start());
          }}
        >
          {T.uploadAll}
        </Button>
        {batch.items.length > 0 && (
          <Button disabled={batch.running} onClick={() => batch.clear()}>
            {T.clearBatch}
          </Button>
        )}
      </Stack>
      {batch.skipped.length > 0 && (
        <Alert severity="warning" role="alert">
          <AlertTitle>{MP3_MESSAGES.batchSkippedTitle(batch.skipped.length)}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {batch.skipped.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name
              <li key={i} style={{ wordBreak: "break-word" }}>
                <strong>{f.name}</strong>: {f.problem}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {summary && (
        <Alert severity={summary.failed > 0 ? "warning" : "success"} role="status">
          <AlertTitle>{MP3_MESSAGES.batchCompleteTitle}</AlertTitle>
          {MP3_MESSAGES.batchComplete(summary.uploaded, summary.failed)}
        </Alert>
      )}
      {batch.items.length > 0 && (
        <Stack component="ul" spacing={1} aria-label={T.batch} sx={{ p: 0, m: 0 }}>
          {batch.items.map((it) => (
            <Paper
              key={it.key}
              component="li"
              variant="outlined"
              aria-label={it.trackName}
              data-status={it.status}
              sx={{ p: 1.25, listStyle: "none" }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: "break-word" }}>
                    {it.trackName}
                  </Typography>
                  <Typography
                    variant="caption"
                    color={it.error ? "error" : "text.secondary"}
                    sx={{ wordBreak: "break-word" }}
                  >
                    {it.error ?? `${it.file.name} · ${formatBytes(it.file.size)}`}
                  </Typography>
                </Box>
                <Chip size="small" color={TONE[it.status]} label={T.status[it.status]} />
              </Stack>
              {it.status === "uploading" && (
                <LinearProgress
                  variant="determinate"
                  value={Math.round(it.progress * 100)}
                  aria-label={T.progress(it.trackName)}
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
