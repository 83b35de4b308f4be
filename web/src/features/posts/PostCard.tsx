import { PATHS, POST_MESSAGES, type PostView } from "@airwave/contracts";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import FlagOutlinedIcon from "@mui/icons-material/FlagOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import ShareIcon from "@mui/icons-material/Share";
import {
  Box,
  Button,
  ButtonBase,
  Card,
  Collapse,
  Divider,
  IconButton,
  Link,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from "@mui/material";
import { type Ref, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { CommentsSection } from "./CommentsSection.tsx";
import { EditPostDialog } from "./EditPostDialog.tsx";
import { useDeletePost, useLikePost } from "./hooks.ts";
import { ImageViewer } from "./ImageViewer.tsx";
import { LikersPopover } from "./LikersPopover.tsx";
import { MusicEmbed } from "./MusicEmbed.tsx";
import { PostText } from "./PostText.tsx";
import { ReportPostDialog } from "./ReportPostDialog.tsx";
import { SharedOriginal } from "./SharedOriginal.tsx";
import { SharePostDialog } from "./SharePostDialog.tsx";
import { canDeletePost, canEditPost, canReportPost, useViewer } from "./viewer.ts";

export interface PostCardProps {
  post: PostView;
  /**
   * Whether the viewer's own posts carry a Report button: true in the feed (report on all posts),
   * false on profiles (only others' posts).
   */
  reportOwnPosts?: boolean;
  /** Open the comments at first (a profile opened with ?post=). */
  defaultCommentsOpen?: boolean;
  /** Outline the card (a profile highlights the ?post= post for 2 s). */
  highlighted?: boolean;
  ref?: Ref<HTMLDivElement>;
}

type DialogName = "edit" | "delete" | "share" | "report" | "image" | null;

/** The DOM id of a post's card, for scrolling to it. */
export const postElementId = (postId: string) => `post-${postId}`;

/** One post: author, time, text with links, image, music player, shared original, likes, comments. */
export function PostCard({
  post,
  reportOwnPosts = false,
  defaultCommentsOpen = false,
  highlighted = false,
  ref,
}: PostCardProps) {
  const viewer = useViewer();
  const like = useLikePost(viewer?.id);
  const remove = useDeletePost();
  const commentsId = useId();
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);

  const isShare = post.type === "share";
  // Sharing a share shares its original (the server refuses shares of shares).
  const shareTarget = isShare ? post.originalResolved : post;
  const canEdit = canEditPost(viewer, post) && !isShare;
  const canDelete = canDeletePost(viewer, post);
  const canReport = canReportPost(viewer, post, reportOwnPosts);
  const onOtherProfile =
    !isShare &&
    post.profileOwner &&
    post.profileOwner !== post.postOwner &&
    post.profileOwnerUsername;

  const open = (name: DialogName) => {
    setMenuAnchor(null);
    setDialog(name);
  };
  const close = () => setDialog(null);

  return (
    <Card
      ref={ref}
      id={postElementId(post.postid)}
      component="article"
      aria-label={`Post by ${post.username}`}
      sx={{
        outline: highlighted ? 2 : 0,
        outlineColor: "primary.main",
        outlineStyle: "solid",
        transition: "outline-color 300ms, box-shadow 300ms",
        boxShadow: highlighted ? 8 : undefined,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", px: 2, pt: 2, pb: 1 }}>
        <UserAvatar user={{ username: post.username, profileimage: post.profileimage }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="div" sx={{ lineHeight: 1.3 }} noWrap>
            <Link
              component={RouterLink}
              to={PATHS.user(post.username)}
              color="inherit"
              underline="hover"
              sx={{ fontWeight: 700 }}
            >
              {post.username}
            </Link>
            {isShare && (
              <Typography component="span" color="text.secondary">
                {" "}
                shared a post
              </Typography>
            )}
            {onOtherProfile && (
              <Typography component="span" color="text.secondary">
                {" ▸ "}
                <Link
                  component={RouterLink}
                  to={PATHS.user(post.profileOwnerUsername)}
                  color="inherit"
                  underline="hover"
                >
                  {post.profileOwnerUsername}
                </Link>
              </Typography>
            )}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ color: "text.secondary", fontSize: 13 }}>
            <RelativeTime date={post.date} />
            {post.updatedAt && <span>(edited)</span>}
          </Stack>
        </Box>
        <IconButton
          aria-label="Post menu"
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
          {canEdit && (
            <MenuItem onClick={() => open("edit")}>
              <ListItemIcon>
                <EditIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Edit</ListItemText>
            </MenuItem>
          )}
          {canDelete && (
            <MenuItem onClick={() => open("delete")}>
              <ListItemIcon>
                <DeleteOutlineIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Delete</ListItemText>
            </MenuItem>
          )}
          <MenuItem onClick={() => open("share")} disabled={!shareTarget}>
            <ListItemIcon>
              <ShareIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Share</ListItemText>
          </MenuItem>
          {canReport && (
            <MenuItem onClick={() => open("report")} disabled={post.reportedByMe}>
              <ListItemIcon>
                <FlagOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>
                {post.reportedByMe ? POST_MESSAGES.alreadyReported : "Report"}
              </ListItemText>
            </MenuItem>
          )}
        </Menu>
      </Stack>

      <Stack spacing={1.5} sx={{ px: 2, pb: 1 }}>
        {isShare ? (
          <>
            {post.shareCaption && <PostText text={post.shareCaption} />}
            <SharedOriginal share={post} />
          </>
        ) : (
          <>
            <PostText text={post.post} />
            {post.image && (
              <ButtonBase
                aria-label="View image"
                onClick={() => setDialog("image")}
                sx={{ display: "block", borderRadius: 1, overflow: "hidden", alignSelf: "start" }}
              >
                <Box
                  component="img"
                  src={post.image}
                  alt={`Image posted by ${post.username}`}
                  loading="lazy"
                  sx={{ display: "block", maxWidth: "100%", maxHeight: 520, objectFit: "contain" }}
                />
              </ButtonBase>
            )}
            {post.music && <MusicEmbed music={post.music} />}
          </>
        )}
      </Stack>

      <Stack
        direction="row"
        sx={{ alignItems: "center", px: 1, pb: 0.5, flexWrap: "wrap", columnGap: 0.5 }}
      >
        <IconButton
          aria-label={post.likedByMe ? "Unlike" : "Like"}
          color={post.likedByMe ? "error" : "default"}
          disabled={!viewer || like.isPending}
          onClick={() => like.mutate({ postId: post.postid, like: !post.likedByMe })}
        >
          {post.likedByMe ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        </IconButton>
        <LikersPopover
          postId={post.postid}
          likeCount={post.likeCount}
          likerIds={post.likes.map((l) => l.user)}
        />
        <Button
          color="inherit"
          aria-label="Comments"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          startIcon={<ChatBubbleOutlineIcon />}
          onClick={() => setCommentsOpen((o) => !o)}
          sx={{ minWidth: 0, fontVariantNumeric: "tabular-nums" }}
        >
          {post.commentCount}
        </Button>
        <IconButton aria-label="Share" onClick={() => setDialog("share")} disabled={!shareTarget}>
          <ShareIcon />
        </IconButton>
        {canReport && (
          <>
            <IconButton
              aria-label="Report"
              onClick={() => setDialog("report")}
              disabled={post.reportedByMe}
            >
              <FlagOutlinedIcon />
            </IconButton>
            {post.reportedByMe && (
              <Typography variant="caption" color="text.secondary">
                {POST_MESSAGES.alreadyReported}
              </Typography>
            )}
          </>
        )}
      </Stack>

      <Collapse in={commentsOpen} unmountOnExit>
        <Divider />
        <Box id={commentsId} component="section" aria-label="Comments section" sx={{ pt: 1 }}>
          <CommentsSection post={post} viewer={viewer} />
        </Box>
      </Collapse>

      {canEdit && <EditPostDialog post={post} open={dialog === "edit"} onClose={close} />}
      {canDelete && (
        <ConfirmDialog
          open={dialog === "delete"}
          title="Delete post?"
          message={remove.error ? remove.error.message : "The post will be removed for everyone."}
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => {
            close();
            remove.reset();
          }}
          onConfirm={() => remove.mutate(post.postid, { onSuccess: close })}
        />
      )}
      {shareTarget && (
        <SharePostDialog post={shareTarget} open={dialog === "share"} onClose={close} />
      )}
      {canReport && (
        <ReportPostDialog postId={post.postid} open={dialog === "report"} onClose={close} />
      )}
      {post.image && (
        <ImageViewer
          src={post.image}
          alt={`Image posted by ${post.username}`}
          open={dialog === "image"}
          onClose={close}
        />
      )}
    </Card>
  );
}
