import { LAYOUT } from "@airwave/contracts";
import { Box, Stack, Typography } from "@mui/material";
import { Composer } from "../posts/Composer.tsx";
import { allPosts } from "../posts/cache.ts";
import { useFeed } from "../posts/hooks.ts";
import { PostList } from "../posts/PostList.tsx";
import { PresenceSidebar } from "./PresenceSidebar.tsx";

/**
 * /newsfeed: 'Online Now' and 'New Members' on the left (above the feed on narrow screens), and
 * 'Latest Posts' with the composer and the feed. Report shows on every post here.
 */
export function NewsFeedPage() {
  const feed = useFeed();
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 2, sm: 3 },
        gridTemplateColumns: "clamp(200px, 22vw, 260px) minmax(0, 1fr)",
        alignItems: "start",
        maxWidth: 1100,
        mx: "auto",
        [`@media (max-width:${LAYOUT.mobileMaxWidth}px)`]: {
          gridTemplateColumns: "minmax(0, 1fr)",
        },
      }}
    >
      <PresenceSidebar />
      <Stack spacing={2} component="section" aria-labelledby="latest-posts" sx={{ minWidth: 0 }}>
        <Typography id="latest-posts" variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          Latest Posts
        </Typography>
        <Composer />
        <PostList
          posts={allPosts(feed.data)}
          loading={feed.isPending}
          error={feed.error}
          onRetry={() => feed.refetch()}
          hasMore={feed.hasNextPage}
          loadingMore={feed.isFetchingNextPage}
          onLoadMore={() => feed.fetchNextPage()}
          reportOwnPosts
        />
      </Stack>
    </Box>
  );
}
