import {
  MP3_ACCEPT,
  MP3_LIMITS,
  MP3_MESSAGES,
  type Mp3Track,
  mp3TrackNameSchema,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import AudioFileIcon from "@mui/icons-material/AudioFile";
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import ShareIcon from "@mui/icons-material/Share";
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { failureText, mp3Keys, uploadTrack } from "./api.ts";
import { formatBytes, trackNameFromFile } from "./format.ts";
import { inspectAudioFile } from "./inspect.ts";

/** Chat spec 5, audio upload: the file's checks before it is sent. */
export function fileProblem(file: File | null): string | null {
  if (!file) return MP3_MESSAGES.noFileSelected;
  if (!file.type.startsWith("audio/") && !/\.mp3$/i.test(file.name)) {
    return MP3_MESSAGES.selectAudioFile;
  }
  if (file.size > MP3_LIMITS.maxBytes) return MP3_MESSAGES.clientTooLarge;
  return null;
}

/**
 * One track's upload (chat spec 3, 5; admin spec Tab 8 Single Upload): an MP3 and its name, sent
 * with its progress; the server's refusal (or 'Upload failed') shown under the form. Admins may
 * credit the track to another member.
 */
export function SingleUploadForm({
  allowUploader = false,
  onShare,
}: {
  allowUploader?: boolean;
  /** Shares the uploaded track into the chat room. */
  onShare?: (track: Mp3Track) => void;
}) {
  const id = useId();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const fileRef = useRef<File | null>(null);
  fileRef.current = file;
  const [name, setName] = useState("");
  const [uploader, setUploader] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Mp3Track | null>(null);

  // The name belongs to the picked file (filled from it, or typed while one was picked, even a
  // refused one): the next file brings its own. A name typed before any file is kept, and so is
  // one typed while the file is being checked.
  const nameOfFile = useRef(false);
  const typed = useRef(0);
  const picks = useRef(0);
  /** The check of the last picked file: its file once accepted. */
  const pending = useRef<Promise<File | null>>(Promise.resolve(null));
  const pick = (picked: File | null) => {
    const turn = ++picks.current;
    const typedBefore = typed.current;
    setDone(null);
    const check = (async (): Promise<File | null> => {
      if (!picked) {
        setError(null);
        setFile(null);
        return null;
      }
      // Its type, size and content (an MP3), and its title tag.
      const { problem, title } = await inspectAudioFile(picked);
      if (turn !== picks.current) return null;
      const typedMeanwhile = typed.current !== typedBefore;
      setError(problem);
      if (problem) {
        setFile(null);
        if (input.current) input.current.value = "";
        if (nameOfFile.current && !typedMeanwhile) setName("");
        nameOfFile.current = true;
        return null;
      }
      setFile(picked);
      const ofFile = nameOfFile.current;
      if (!typedMeanwhile) {
        setName((name) =>
          ofFile || !name.trim() ? title || trackNameFromFile(picked.name) : name,
        );
      }
      nameOfFile.current = true;
      return picked;
    })();
    pending.current = check;
  };

  const submit = async () => {
    // A file still being checked is waited for.
    const file = (await pending.current) ?? fileRef.current;
    const problem = fileProblem(file);
    const checked = mp3TrackNameSchema.safeParse(name);
    if (problem || !file) return setError(problem);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    setDone(null);
    setProgress(0);
    try {
      const answer = await uploadTrack(file, checked.data, {
        uploader: allowUploader ? uploader.trim() || undefined : undefined,
        onProgress: setProgress,
      });
      setDone(answer.track);
      setFile(null);
      pending.current = Promise.resolve(null);
      setName("");
      nameOfFile.current = false;
      if (input.current) input.current.value = "";
      void qc.invalidateQueries({ queryKey: mp3Keys.all });
    } catch (err) {
      setError(failureText(err, MP3_MESSAGES.uploadFailed));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<AudioFileIcon />}
          disabled={busy}
          sx={{ flex: "0 0 auto" }}
        >
          {T.chooseFile}
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={MP3_ACCEPT}
            hidden
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        >
          {file ? `${file.name} (${formatBytes(file.size)})` : MP3_MESSAGES.noFileSelected}
        </Typography>
      </Stack>
      <TextField
        label={T.trackName}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          typed.current += 1;
          nameOfFile.current = file !== null || error !== null;
        }}
        disabled={busy}
        size="small"
        slotProps={{ htmlInput: { maxLength: MP3_LIMITS.trackNameMax } }}
        helperText={`${name.length} / ${MP3_LIMITS.trackNameMax}`}
      />
      {allowUploader && (
        <TextField
          label={T.uploaderOverride}
          value={uploader}
          onChange={(e) => setUploader(e.target.value)}
          disabled={busy}
          size="small"
        />
      )}
      <Box>
        <Button type="submit" variant="contained" startIcon={<CloudUploadIcon />} disabled={busy}>
          {T.upload}
        </Button>
      </Box>
      {busy && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <LinearProgress
            variant="determinate"
            value={Math.round((progress ?? 0) * 100)}
            aria-label={T.progress(name.trim() || file?.name || "")}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="caption" sx={{ fontVariantNumeric: "tabular-nums", minWidth: 36 }}>
            {Math.round((progress ?? 0) * 100)}%
          </Typography>
        </Stack>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Alert
          severity="success"
          action={
            onShare && (
              <Button
                color="inherit"
                size="small"
                startIcon={<ShareIcon />}
                onClick={() => onShare(done)}
              >
                {T.share}
              </Button>
            )
          }
        >
          {T.uploaded(done.trackName)}
        </Alert>
      )}
    </Stack>
  );
}
