import { POST_LIMITS, type PostView, sharePostSchema } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { CharCounter } from "./CharCounter.tsx";
import { useSharePost } from "./hooks.ts";

const schema = sharePostSchema.pick({ caption: true });

/**
 * Shares a post with an optional caption (at most 300 characters, trimmed; the counter warns above
 * 87 %). The share appears at the top of the feed and of the sharer's profile.
 */
export function SharePostDialog({
  post,
  open,
  onClose,
  onShared,
}: {
  /** The post to share (for a share, pass its original). */
  post: PostView;
  open: boolean;
  onClose: () => void;
  onShared?: (share: PostView) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-t`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-t`}>Share post</DialogTitle>
      <ShareForm post={post} onClose={onClose} onShared={onShared} />
    </Dialog>
  );
}

function ShareForm({
  post,
  onClose,
  onShared,
}: {
  post: PostView;
  onClose: () => void;
  onShared?: (share: PostView) => void;
}) {
  const id = useId();
  const share = useSharePost();
  const form = useForm<{ caption?: string }, unknown, { caption: string }>({
    resolver: zodResolver(schema),
    defaultValues: { caption: "" },
  });
  const caption = form.watch("caption") ?? "";
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ caption }) => {
    try {
      const created = await share.mutateAsync({ originalPostId: post.postid, caption });
      onShared?.(created);
    } catch {
      // Logged by the hook; the spec shows no message for a failed share.
    }
    onClose();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <TextField
          label="Say something about this (optional)"
          multiline
          minRows={2}
          fullWidth
          autoFocus
          {...form.register("caption")}
          error={!!errors.caption}
          helperText={errors.caption?.message}
          slotProps={{
            htmlInput: { maxLength: POST_LIMITS.shareCaptionMax, "aria-describedby": `${id}-c` },
          }}
          sx={{ mt: 1 }}
        />
        <Box sx={{ textAlign: "right", mt: 0.5 }}>
          <CharCounter
            id={`${id}-c`}
            count={caption.length}
            max={POST_LIMITS.shareCaptionMax}
            warnRatio={POST_LIMITS.shareCaptionWarnRatio}
          />
        </Box>
        <Paper variant="outlined" sx={{ p: 1.5, mt: 1.5, bgcolor: "background.default" }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.75 }}>
            <UserAvatar user={post} size={24} link={false} />
            <Typography variant="subtitle2">{post.username}</Typography>
          </Stack>
          {post.post && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
                display: "-webkit-box",
                WebkitLineClamp: 4,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
              }}
            >
              {post.post}
            </Typography>
          )}
          {post.image && (
            <Box
              component="img"
              src={post.image}
              alt=""
              sx={{ display: "block", mt: 1, maxHeight: 120, maxWidth: "100%", borderRadius: 1 }}
            />
          )}
        </Paper>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={share.isPending}>
          Share
        </Button>
      </DialogActions>
    </form>
  );
}
