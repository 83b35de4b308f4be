import { POST_LIMITS, type PostView, updatePostSchema } from "@airwave/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { CharCounter } from "./CharCounter.tsx";
import { useUpdatePost } from "./hooks.ts";

const schema = updatePostSchema.pick({ post: true });

/** Edits a post's text (the author only; the server checks too). */
export function EditPostDialog({
  post,
  open,
  onClose,
}: {
  post: PostView;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-t`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-t`}>Edit post</DialogTitle>
      {/* The dialog unmounts its content when closed, so every opening starts from the post. */}
      <EditPostForm post={post} onClose={onClose} />
    </Dialog>
  );
}

function EditPostForm({ post, onClose }: { post: PostView; onClose: () => void }) {
  const id = useId();
  const update = useUpdatePost();
  const form = useForm<{ post: string }>({
    resolver: zodResolver(schema),
    defaultValues: { post: post.post },
  });
  const { errors, isSubmitting } = form.formState;
  const text = form.watch("post") ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ postid: post.postid, post: values.post });
      onClose();
    } catch {
      // Shown from update.error below.
    }
  });

  const unchanged = text.trim() === post.post.trim();
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        {update.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {update.error.message}
          </Alert>
        )}
        <TextField
          label="Post text"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          {...form.register("post")}
          error={!!errors.post}
          helperText={errors.post?.message}
          slotProps={{
            htmlInput: { maxLength: POST_LIMITS.textMax, "aria-describedby": `${id}-c` },
          }}
          sx={{ mt: 1 }}
        />
        <Box sx={{ textAlign: "right", mt: 0.5 }}>
          <CharCounter id={`${id}-c`} count={text.length} max={POST_LIMITS.textMax} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting || !text.trim() || unchanged}
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
