import { PATHS, POST_MESSAGES, type PostView } from "@airwave/contracts";
import { Box, CardActionArea, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { MusicEmbed } from "./MusicEmbed.tsx";

/** Where the inset of a share leads: the original on its author's profile, with ?post=. */
function originalPostHref(share: PostView, currentPath: string): string {
  const original = share.originalResolved;
  const postId = original?.postid ?? share.originalPost ?? "";
  const query = `?post=${encodeURIComponent(postId)}`;
  // Spec: when the original is not loaded, stay on the current path with post={originalPostId}.
  return original ? `${PATHS.user(original.username)}${query}` : `${currentPath}${query}`;
}

/** The original post inside a share, as an inset card; clicking it opens the original. */
export function SharedOriginal({ share }: { share: PostView }) {
  const location = useLocation();
  const original = share.originalResolved;
  if (!original) {
    return (
      <Paper variant="outlined" sx={{ p: 2, bgcolor: "background.default" }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
          {POST_MESSAGES.originalUnavailable}
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ bgcolor: "background.default", overflow: "hidden" }}>
      <CardActionArea
        component={RouterLink}
        to={originalPostHref(share, location.pathname)}
        aria-label={`Original post by ${original.username}`}
        sx={{ p: 1.5, display: "block" }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.75 }}>
          <UserAvatar user={original} size={28} link={false} />
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {original.username}
          </Typography>
          <RelativeTime date={original.date} sx={{ fontSize: 12, color: "text.secondary" }} />
        </Stack>
        {original.post && (
          <Typography
            variant="body2"
            sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", color: "text.primary" }}
          >
            {original.post}
          </Typography>
        )}
        {original.image && (
          <Box
            component="img"
            src={original.image}
            alt={`Image posted by ${original.username}`}
            loading="lazy"
            sx={{ display: "block", mt: 1, maxWidth: "100%", maxHeight: 360, borderRadius: 1 }}
          />
        )}
      </CardActionArea>
      {original.music && (
        // The player sits outside the link so that playing it does not navigate.
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          <MusicEmbed music={original.music} />
        </Box>
      )}
    </Paper>
  );
}
