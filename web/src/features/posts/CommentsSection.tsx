import {
  type CommentView,
  PATHS,
  POST_LIMITS,
  POST_MESSAGES,
  type PostView,
} from "@airwave/contracts";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import {
  useAddComment,
  useDeleteComment,
  useLikeComment,
  usePost,
  useUpdateComment,
} from "./hooks.ts";
import { LikesDialog } from "./LikesDialog.tsx";
import { PostText } from "./PostText.tsx";
import { canDeleteComment, canEditComment, type Viewer } from "./viewer.ts";

/**
 * A post's comments: the list (with likes), and a composer where Enter sends and Shift+Enter starts a
 * new line. A list may carry only the first comments of a post; the full post is loaded when needed.
 */
export function CommentsSection({ post, viewer }: { post: PostView; viewer: Viewer | undefined }) {
  const needFull = post.commentCount > post.comments.length;
  const full = usePost(post.postid, { enabled: needFull });
  const comments = needFull && full.data ? full.data.comments : post.comments;

  return (
    <Box sx={{ px: 2, pb: 2 }}>
      {needFull && full.isPending ? (
        <CircularProgress
          size={20}
          aria-label="Loading comments"
          sx={{ display: "block", my: 1 }}
        />
      ) : comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {POST_MESSAGES.noComments}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ listStyle: "none", m: 0, p: 0, py: 1 }}>
          {comments.map((c) => (
            <CommentItem key={c.commentId || c._id} comment={c} post={post} viewer={viewer} />
          ))}
        </Stack>
      )}
      <CommentComposer postId={post.postid} />
    </Box>
  );
}

function CommentItem({
  comment,
  post,
  viewer,
}: {
  comment: CommentView;
  post: PostView;
  viewer: Viewer | undefined;
}) {
  const like = useLikeComment();
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content || comment.comment);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [likesOpen, setLikesOpen] = useState(false);
  const text = comment.content || comment.comment;
  const commentId = comment.commentId || comment._id;

  const save = () => {
    const content = draft.trim();
    if (!content) return;
    update.mutate(
      { postId: post.postid, commentId, content },
      { onSuccess: () => setEditing(false) },
    );
  };

  return (
    <Box component="li" sx={{ display: "flex", gap: 1.25, alignItems: "flex-start" }}>
      <UserAvatar
        user={{ username: comment.username, profileimage: comment.userImage }}
        size={32}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ bgcolor: "action.hover", borderRadius: 2, px: 1.5, py: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
            <Link
              component={RouterLink}
              to={PATHS.user(comment.username)}
              underline="hover"
              color="inherit"
              sx={{ fontWeight: 700, fontSize: 14 }}
            >
              {comment.username}
            </Link>
            <RelativeTime date={comment.date} sx={{ fontSize: 12, color: "text.secondary" }} />
            {comment.updatedAt && (
              <Typography variant="caption" color="text.secondary">
                (edited)
              </Typography>
            )}
          </Stack>
          {editing ? (
            <Box sx={{ mt: 1 }}>
              <TextField
                size="small"
                multiline
                fullWidth
                autoFocus
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                slotProps={{
                  htmlInput: {
                    maxLength: POST_LIMITS.commentMax,
                    "aria-label": "Edit comment text",
                  },
                }}
              />
              {update.error && (
                <Typography variant="caption" color="error" role="alert">
                  {update.error.message}
                </Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(false);
                    setDraft(text);
                    update.reset();
                  }}
                >
                  Cancel
                </Button>
                <Button
                  size="small"
                  variant="contained"
                  onClick={save}
                  disabled={!draft.trim() || update.isPending}
                >
                  Save
                </Button>
              </Stack>
            </Box>
          ) : (
            <PostText text={text} sx={{ fontSize: 14 }} />
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mt: 0.25 }}>
          <IconButton
            size="small"
            aria-label={comment.likedByMe ? "Unlike comment" : "Like comment"}
            color={comment.likedByMe ? "error" : "default"}
            disabled={like.isPending || !viewer}
            onClick={() =>
              like.mutate({ postId: post.postid, commentId, like: !comment.likedByMe })
            }
          >
            {comment.likedByMe ? (
              <FavoriteIcon fontSize="inherit" />
            ) : (
              <FavoriteBorderIcon fontSize="inherit" />
            )}
          </IconButton>
          <Button
            size="small"
            color="inherit"
            aria-label={`Show comment likes (${comment.likeCount})`}
            aria-haspopup="dialog"
            disabled={comment.likeCount === 0}
            onClick={() => setLikesOpen(true)}
            sx={{ minWidth: 0, px: 0.75, fontSize: 12 }}
          >
            {comment.likeCount}
          </Button>
          {canEditComment(viewer, comment.user) && !editing && (
            <IconButton
              size="small"
              aria-label="Edit comment"
              onClick={() => {
                setDraft(text);
                setEditing(true);
              }}
            >
              <EditIcon fontSize="inherit" />
            </IconButton>
          )}
          {canDeleteComment(viewer, comment.user, post) && (
            <IconButton
              size="small"
              aria-label="Delete comment"
              onClick={() => setConfirmDelete(true)}
            >
              <DeleteOutlineIcon fontSize="inherit" />
            </IconButton>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete comment?"
        message={remove.error ? remove.error.message : "The comment will be removed for everyone."}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(
            { postId: post.postid, commentId },
            { onSuccess: () => setConfirmDelete(false) },
          )
        }
      />
      <LikesDialog
        open={likesOpen}
        target={{ postId: post.postid, commentId }}
        onClose={() => setLikesOpen(false)}
      />
    </Box>
  );
}

/** Send is disabled while the text is empty or only spaces; Enter sends, Shift+Enter adds a line. */
function CommentComposer({ postId }: { postId: string }) {
  const add = useAddComment();
  const [text, setText] = useState("");
  const empty = !text.trim();

  const send = () => {
    if (empty || add.isPending) return;
    add.mutate({ postId, comment: text.trim() }, { onSuccess: () => setText("") });
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-end", mt: 1 }}>
      <TextField
        size="small"
        multiline
        maxRows={6}
        fullWidth
        placeholder="Write a comment…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        slotProps={{
          htmlInput: { maxLength: POST_LIMITS.commentMax, "aria-label": "Write a comment" },
        }}
      />
      <IconButton
        aria-label="Send comment"
        color="primary"
        disabled={empty || add.isPending}
        onClick={send}
      >
        <SendIcon />
      </IconButton>
    </Stack>
  );
}
