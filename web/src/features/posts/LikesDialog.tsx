import { DEFAULT_PROFILE_IMAGE, PATHS } from "@airwave/contracts";
import {
  Avatar,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
} from "@mui/material";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { type LikesTarget, useLikers } from "./hooks.ts";

/** The full list of likers of a post or comment, 25 per page (GET /postLikes or /commentLikes). */
export function LikesDialog({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: LikesTarget;
  onClose: () => void;
}) {
  const id = useId();
  const likers = useLikers(target, open);
  const users = likers.data?.pages.flatMap((p) => p.users ?? []) ?? [];
  const total = likers.data?.pages.at(-1)?.total ?? users.length;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-t`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-t`}>Likes{total ? ` (${total})` : ""}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {likers.isPending ? (
          <CircularProgress
            aria-label="Loading likes"
            sx={{ display: "block", mx: "auto", my: 3 }}
          />
        ) : users.length === 0 ? (
          <EmptyState text="No likes yet." />
        ) : (
          <List dense aria-label="People who liked this">
            {users.map((u) => (
              <ListItem key={u._id || u.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={PATHS.user(u.username)}
                  onClick={onClose}
                >
                  <ListItemAvatar>
                    <Avatar
                      src={u.profileimage || DEFAULT_PROFILE_IMAGE}
                      alt=""
                      sx={{ width: 32, height: 32 }}
                    />
                  </ListItemAvatar>
                  <ListItemText primary={u.username} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {likers.hasNextPage && (
          <Button onClick={() => likers.fetchNextPage()} disabled={likers.isFetchingNextPage}>
            Load more
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
