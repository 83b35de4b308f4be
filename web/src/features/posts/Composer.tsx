import { POST_LIMITS, POST_MESSAGES, type PostView } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import { Alert, Box, Button, IconButton, Paper, Stack, TextField } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { growingRows } from "../../ui/growing-rows.ts";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { CharCounter } from "./CharCounter.tsx";
import { useCreatePost } from "./hooks.ts";
import { checkPostImage, POST_IMAGE_ACCEPT } from "./image-file.ts";
import { useViewer } from "./viewer.ts";

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

interface ComposerProps {
  /**
   * The profile the post goes on. Given on profiles (the image messages are then the profile's
   * titled dialog); left out in the feed (the post goes on the author's own profile).
   */
  profileOwnerId?: string;
  placeholder?: string;
  onPosted?: (post: PostView) => void;
}

/** The post box: 2 rows, growing to 10 with the text. */
const grow = growingRows(2, 10);

/**
 * Writes a post: text up to 500 characters with a counter, an optional image (checked for type and
 * 5 MB before upload) with a preview. Post is disabled while the trimmed text is empty and no image is
 * attached, and while sending; Ctrl+Enter posts. The new post goes to the top of the lists via the cache.
 */
export function Composer({
  profileOwnerId,
  placeholder = "What's on your mind?",
  onPosted,
}: ComposerProps) {
  const id = useId();
  const viewer = useViewer();
  const create = useCreatePost();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogMessage | null>(null);
  const onProfile = profileOwnerId !== undefined;

  useEffect(() => {
    if (!image || typeof URL.createObjectURL !== "function") {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const canPost = (text.trim().length > 0 || !!image) && !create.isPending;

  const pickImage = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    setInlineError(null);
    const check = checkPostImage(file);
    if (check === "invalidType") {
      setDialog({
        title: POST_MESSAGES.invalidFileType,
        message: POST_MESSAGES.invalidFileTypeDetail,
      });
      return;
    }
    if (check === "tooLarge") {
      if (onProfile) {
        setDialog({
          title: POST_MESSAGES.imageTooLarge,
          message: POST_MESSAGES.imageTooLargeDetail,
        });
      } else {
        setInlineError(POST_MESSAGES.feedImageTooLarge);
      }
      return;
    }
    setImage(file);
  };

  const submit = () => {
    if (!canPost) return;
    setInlineError(null);
    create.mutate(
      { post: text.trim(), userid: profileOwnerId, image },
      {
        onSuccess: (post) => {
          setText("");
          setImage(null);
          onPosted?.(post);
        },
        onError: (err) => setInlineError(err.message),
      },
    );
  };

  return (
    <Paper
      component="form"
      aria-label="New post"
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        submit();
      }}
      sx={{ p: 2 }}
    >
      {/* gap, not spacing: the avatar is hidden on phones and must leave no margin behind. */}
      <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1.5 }}>
        {viewer && (
          <Box sx={{ display: { xs: "none", sm: "block" } }}>
            <UserAvatar user={viewer} link={false} />
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <TextField
            multiline
            {...grow}
            fullWidth
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
            slotProps={{
              ...grow.slotProps,
              htmlInput: {
                maxLength: POST_LIMITS.textMax,
                "aria-label": "Post text",
                "aria-describedby": `${id}-c`,
              },
            }}
          />
          {preview && image && (
            <Box sx={{ position: "relative", display: "inline-block", mt: 1.5 }}>
              <Box
                component="img"
                src={preview}
                alt="Selected image preview"
                sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1 }}
              />
              <IconButton
                size="small"
                aria-label="Remove image"
                onClick={() => setImage(null)}
                sx={{ position: "absolute", top: 4, right: 4, bgcolor: "rgba(0,0,0,0.6)" }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          )}
          {image && !preview && (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 1 }}>
              <Box component="span" sx={{ fontSize: 14, color: "text.secondary" }}>
                {image.name}
              </Box>
              <IconButton size="small" aria-label="Remove image" onClick={() => setImage(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          )}
          {inlineError && (
            <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => setInlineError(null)}>
              {inlineError}
            </Alert>
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: "center", justifyContent: "space-between", mt: 1 }}
          >
            {/*
              The file input itself is the control (focusable, named "Add image" by its label, a
              button to assistive technology), drawn as an icon button by the label around it: no
              role="button" on a label (axe: a button holding an interactive control).
            */}
            <Box
              component="label"
              sx={{
                position: "relative",
                display: "inline-flex",
                p: 1,
                borderRadius: "50%",
                color: "primary.main",
                cursor: "pointer",
                "&:hover": { bgcolor: "action.hover" },
                "&:focus-within": { outline: "2px solid", outlineColor: "primary.main" },
              }}
            >
              <ImageOutlinedIcon />
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Add image
              </Box>
              <Box
                component="input"
                ref={fileInput}
                type="file"
                accept={POST_IMAGE_ACCEPT}
                sx={VISUALLY_HIDDEN}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                  pickImage(e.target.files?.[0])
                }
              />
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
              <CharCounter id={`${id}-c`} count={text.length} max={POST_LIMITS.textMax} />
              <Button
                type="submit"
                variant="contained"
                disabled={!canPost}
                aria-busy={create.isPending || undefined}
              >
                Post
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Stack>
      <MessageDialog value={dialog} onClose={() => setDialog(null)} />
    </Paper>
  );
}
