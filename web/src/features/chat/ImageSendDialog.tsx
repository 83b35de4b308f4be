import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  UPLOAD_FIELDS,
  UPLOAD_LIMITS,
  UPLOADS_ROUTES,
  type UploadTempImageResponse,
} from "@airwave/contracts";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError, call } from "../../app/api.ts";

/** The largest image the chat sends: 5 MB (chat spec 5), never above what the server takes. */
const IMAGE_MAX = Math.min(CHAT_LIMITS.imageMaxBytes, UPLOAD_LIMITS.imageMaxBytes);

/** The client's check of a chosen file (chat spec 5): an image type, at most 5 MB. */
export function checkChatImage(file: Pick<File, "type" | "size">): string | null {
  if (!file.type.toLowerCase().startsWith("image/")) return CHAT_TEXTS.selectImage;
  if (file.size > IMAGE_MAX) return CHAT_TEXTS.imageTooLarge;
  return null;
}

/** Uploads the image as a temporary image: its URL, or the spec's failure text as an Error. */
async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELDS.file, file);
  let answer: UploadTempImageResponse;
  try {
    answer = await call(UPLOADS_ROUTES.tempImage, { body: form });
  } catch (err) {
    // A refusal says why (the server checks the content); anything else is the spec's text.
    const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
    throw new Error(refused && err.message ? err.message : CHAT_TEXTS.uploadFailed);
  }
  if (!answer?.url || typeof answer.url !== "string") throw new Error(CHAT_TEXTS.uploadNoUrl);
  return answer.url;
}

/** Shows the chosen image, uploads it on "Send image" and sends it as an image message. */
export function ImageSendDialog({
  file,
  onClose,
  onSend,
}: {
  file: File | null;
  onClose: () => void;
  onSend: (url: string) => boolean;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The browser could not open the file as a picture: nothing to send.
  const [unreadable, setUnreadable] = useState(false);
  const upload = useMutation({ mutationFn: uploadChatImage });

  useEffect(() => {
    setError(null);
    setBusy(false);
    setUnreadable(false);
    if (!file) {
      setPreview(null);
      return;
    }
    try {
      const url = URL.createObjectURL(file);
      setPreview(url);
      return () => URL.revokeObjectURL(url);
    } catch {
      setPreview(null);
      setError(CHAT_TEXTS.readFailed);
    }
  }, [file]);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const url = await upload.mutateAsync(file);
      if (onSend(url)) onClose();
      else setError(CHAT_TEXTS.uploadFailed);
    } catch (err) {
      setError(err instanceof Error ? err.message : CHAT_TEXTS.uploadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!file}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-t`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-t`}>{CHAT_TEXTS.imageDialogTitle}</DialogTitle>
      <DialogContent>
        {preview && !unreadable && (
          <Box
            component="img"
            src={preview}
            alt={file?.name ?? ""}
            onError={() => {
              setUnreadable(true);
              setError(CHAT_TEXTS.notAnImage);
            }}
            sx={{ display: "block", maxWidth: "100%", maxHeight: 320, mx: "auto", borderRadius: 1 }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {CHAT_TEXTS.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={busy || !file || unreadable}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? CHAT_TEXTS.uploading : CHAT_TEXTS.sendImage}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
