import { DEFAULT_PROFILE_IMAGE, POST_LIMITS } from "@airwave/contracts";
import { Avatar, Box, Button, Paper, Popper, Stack, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useBasicUsers } from "./hooks.ts";
import { LikesDialog } from "./LikesDialog.tsx";

/**
 * A post's like count. Hovering shows the first likers (10 of the first 20 ids, '+N more'); the list
 * hides 250 ms after the pointer leaves both the count and the list. A click opens the full paged list.
 */
export function LikersPopover({
  postId,
  likeCount,
  likerIds,
}: {
  postId: string;
  likeCount: number;
  /** The post's `likes` ids (newest last); the newest are shown first. */
  likerIds: string[];
}) {
  const anchor = useRef<HTMLButtonElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [hovering, setHovering] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const ids = [...likerIds].reverse().slice(0, POST_LIMITS.hoverIdsMax);
  const users = useBasicUsers(ids, hovering);

  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  const show = () => {
    cancelHide();
    if (likeCount > 0) setHovering(true);
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => setHovering(false), POST_LIMITS.popoverHideMs);
  };
  // A pending hide must not fire after the count has gone (post deleted, page left).
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  // Keep the server's order of ids; unknown ids (deleted members) are skipped.
  const byId = new Map((users.data ?? []).map((u) => [u._id || u.id, u]));
  const known = ids.flatMap((id) => byId.get(id) ?? []);
  const shown = known.slice(0, POST_LIMITS.hoverListShown);
  const more = Math.max(0, likeCount - shown.length);

  return (
    <>
      <Button
        ref={anchor}
        size="small"
        color="inherit"
        aria-label={`Show likes (${likeCount})`}
        aria-haspopup="dialog"
        disabled={likeCount === 0}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onClick={() => {
          cancelHide();
          setHovering(false);
          setDialogOpen(true);
        }}
        sx={{ minWidth: 0, px: 1, fontVariantNumeric: "tabular-nums" }}
      >
        {likeCount}
      </Button>
      <Popper
        open={hovering && shown.length > 0}
        anchorEl={anchor.current}
        placement="top-start"
        sx={{ zIndex: (t) => t.zIndex.tooltip }}
      >
        <Paper
          elevation={8}
          onMouseEnter={cancelHide}
          onMouseLeave={hideSoon}
          sx={{ p: 1.25, maxWidth: 260 }}
        >
          <Stack spacing={0.75} component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {shown.map((u) => (
              <Box
                component="li"
                key={u._id || u.id}
                sx={{ display: "flex", alignItems: "center", gap: 1 }}
              >
                <Avatar
                  src={u.profileimage || DEFAULT_PROFILE_IMAGE}
                  alt=""
                  sx={{ width: 24, height: 24 }}
                />
                <Typography variant="body2" noWrap>
                  {u.username}
                </Typography>
              </Box>
            ))}
          </Stack>
          {more > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: "block", mt: 0.75 }}
            >
              +{more} more
            </Typography>
          )}
        </Paper>
      </Popper>
      <LikesDialog open={dialogOpen} target={{ postId }} onClose={() => setDialogOpen(false)} />
    </>
  );
}
