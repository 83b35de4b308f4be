import {
  ADMIN_TEXTS,
  GIF_ADMIN_LIMITS,
  GIF_ADMIN_MESSAGES,
  gifUploadNameSchema,
} from "@airwave/contracts";
import { Button, FormHelperText, Stack, TextField, Typography } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { failureMessage } from "../tickets/hooks.ts";
import { adminApi } from "./api.ts";
import { AdminDialog } from "./ui/AdminDialog.tsx";

/** What the browser can check before sending (the server checks the content again). */
function fileError(file: File | null): string | null {
  if (!file) return GIF_ADMIN_MESSAGES.fileRequired;
  if (file.type !== "image/gif" && !file.name.toLowerCase().endsWith(".gif")) {
    return GIF_ADMIN_MESSAGES.notGif;
  }
  if (file.size > GIF_ADMIN_LIMITS.maxBytes) return GIF_ADMIN_MESSAGES.tooLarge;
  return null;
}

/** The upload dialog: a name (required) and a GIF (required, 10 MB at most). */
export function GifUploadDialog({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const nameCheck = gifUploadNameSchema.safeParse(name);
  const nameError = nameCheck.success ? null : (nameCheck.error.issues[0]?.message ?? null);
  const fileProblem = fileError(file);

  const reset = () => {
    setName("");
    setFile(null);
    setTried(false);
  };
  const upload = useMutation({
    mutationFn: () => adminApi.uploadGif(name.trim(), file as File),
    onSuccess: ({ message }) => {
      enqueueSnackbar(message, { variant: "success" });
      reset();
      onUploaded();
      onClose();
    },
    onError: (err) =>
      enqueueSnackbar(failureMessage(err, GIF_ADMIN_MESSAGES.uploadFailed), { variant: "error" }),
  });
  const submit = () => {
    setTried(true);
    if (nameError || fileProblem) return;
    upload.mutate();
  };
  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  return (
    <AdminDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={ADMIN_TEXTS.uploadDialogTitle}
      actions={
        <>
          <Button onClick={close} disabled={upload.isPending}>
            {ADMIN_TEXTS.cancel}
          </Button>
          <Button variant="contained" onClick={submit} disabled={upload.isPending}>
            {ADMIN_TEXTS.upload}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={ADMIN_TEXTS.gifName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={tried && !!nameError}
          helperText={tried ? nameError : null}
          slotProps={{ htmlInput: { maxLength: GIF_ADMIN_LIMITS.nameMax } }}
          fullWidth
        />
        <div>
          <Button variant="outlined" component="label">
            {ADMIN_TEXTS.chooseGif}
            <input
              hidden
              type="file"
              accept="image/gif"
              data-testid="gif-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          {file && (
            <Typography variant="body2" sx={{ mt: 1, wordBreak: "break-all" }}>
              {file.name}
            </Typography>
          )}
          {tried && fileProblem && <FormHelperText error>{fileProblem}</FormHelperText>}
        </div>
      </Stack>
    </AdminDialog>
  );
}
