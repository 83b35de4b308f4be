import { type PostView, USER_MESSAGES } from "@airwave/contracts";
import { Alert, Box, Button, ButtonBase } from "@mui/material";
import { useState } from "react";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { allPosts } from "../posts/cache.ts";
import { useUserPosts } from "../posts/hooks.ts";
import { PhotoViewer } from "../posts/PhotoViewer.tsx";

/** The member's own image posts (not shares, not others' posts on the page). */
function memberPhotos(posts: PostView[], memberId: string): PostView[] {
  return posts.filter((p) => !!p.image && p.type !== "share" && p.postOwner === memberId);
}

/** Photos: a grid of the member's image posts; a click opens the photo viewer at that photo. */
export function PhotosGrid({ memberId }: { memberId: string }) {
  const posts = useUserPosts(memberId);
  const [open, setOpen] = useState<number | null>(null);
  const photos = memberPhotos(allPosts(posts.data), memberId);

  if (posts.isPending) return <PageLoader />;
  if (posts.isError) return <Alert severity="info">{posts.error.message}</Alert>;
  if (photos.length === 0 && !posts.hasNextPage)
    return <EmptyState text={USER_MESSAGES.noPhotos} />;

  return (
    <Box>
      <Box
        component="ul"
        aria-label="Photos"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: { xs: 0.5, sm: 1 },
          gridTemplateColumns: { xs: "repeat(3, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
        }}
      >
        {photos.map((p, i) => (
          <li key={p.postid}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={`Open photo ${i + 1} of ${photos.length}`}
              sx={{
                display: "block",
                width: "100%",
                aspectRatio: "1 / 1",
                borderRadius: 1,
                overflow: "hidden",
              }}
            >
              <Box
                component="img"
                src={p.image ?? ""}
                alt=""
                loading="lazy"
                sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      {posts.hasNextPage && (
        <Box sx={{ textAlign: "center", mt: 2 }}>
          <Button onClick={() => posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
            Load more
          </Button>
        </Box>
      )}
      <PhotoViewer
        photos={photos}
        open={open !== null}
        startIndex={open ?? 0}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
