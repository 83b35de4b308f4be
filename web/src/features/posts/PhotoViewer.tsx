import type { PostView } from "@airwave/contracts";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import CloseIcon from "@mui/icons-material/Close";
import { Box, Dialog, IconButton, Stack, Typography } from "@mui/material";
import { useEffect, useId, useState } from "react";
import { UserAvatar } from "../../ui/UserAvatar.tsx";

/** Wraps an index into 0..total-1 (previous from the first goes to the last, and back). */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

/**
 * The photo viewer over a list of image posts: previous/next wrap around, 'n / total', author and date,
 * arrow keys. The profile's Photos tab passes the profile's image posts.
 */
export function PhotoViewer({
  photos,
  open,
  startIndex = 0,
  onClose,
}: {
  /** Posts with an image; posts without one are skipped. */
  photos: PostView[];
  open: boolean;
  startIndex?: number;
  onClose: () => void;
}) {
  const id = useId();
  const images = photos.filter((p) => !!p.image);
  const total = images.length;
  const [index, setIndex] = useState(startIndex);
  useEffect(() => {
    if (open) setIndex(startIndex);
  }, [open, startIndex]);

  const current = images[wrapIndex(index, total)];
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, total));

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(-1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      go(1);
    }
  };

  return (
    <Dialog
      open={open && total > 0}
      onClose={onClose}
      onKeyDown={onKeyDown}
      maxWidth="lg"
      fullWidth
      aria-labelledby={`${id}-t`}
      slotProps={{ paper: { sx: { bgcolor: "background.default", m: { xs: 1, sm: 4 } } } }}
    >
      {current && (
        <Box sx={{ display: "flex", flexDirection: "column", minHeight: 0 }}>
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: "center", px: 2, py: 1.25, borderBottom: 1, borderColor: "divider" }}
          >
            <UserAvatar
              user={{ username: current.username, profileimage: current.profileimage }}
              size={36}
            />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography id={`${id}-t`} sx={{ fontWeight: 700 }} noWrap>
                {current.username}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="time"
                dateTime={current.date}
              >
                {new Date(current.date).toLocaleString()}
              </Typography>
            </Box>
            <Typography aria-live="polite" sx={{ fontVariantNumeric: "tabular-nums" }}>
              {wrapIndex(index, total) + 1} / {total}
            </Typography>
            <IconButton aria-label="Close photo viewer" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box
            sx={{
              position: "relative",
              display: "grid",
              placeItems: "center",
              bgcolor: "common.black",
              minHeight: { xs: 240, sm: 360 },
            }}
          >
            <Box
              component="img"
              src={current.image ?? ""}
              alt={current.post ? current.post.slice(0, 120) : `Photo by ${current.username}`}
              sx={{ display: "block", maxWidth: "100%", maxHeight: "75vh", objectFit: "contain" }}
            />
            <IconButton
              aria-label="Previous photo"
              onClick={() => go(-1)}
              disabled={total < 2}
              sx={{ position: "absolute", left: 8, bgcolor: "rgba(0,0,0,0.55)" }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next photo"
              onClick={() => go(1)}
              disabled={total < 2}
              sx={{ position: "absolute", right: 8, bgcolor: "rgba(0,0,0,0.55)" }}
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
          {current.post && (
            <Typography sx={{ px: 2, py: 1.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {current.post}
            </Typography>
          )}
        </Box>
      )}
    </Dialog>
  );
}
