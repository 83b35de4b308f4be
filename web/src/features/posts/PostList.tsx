import { POST_MESSAGES, type PostView } from "@airwave/contracts";
import { Alert, Box, Button, CircularProgress, Stack } from "@mui/material";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { PostCard, type PostCardProps } from "./PostCard.tsx";

interface PostListProps {
  posts: PostView[];
  /** The first page is loading. */
  loading?: boolean;
  /** The first page failed: its message, with a retry. */
  error?: Error | null;
  onRetry?: () => void;
  /** The last page had a `nextCursor`: show 'Load more'. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  emptyText?: string;
  reportOwnPosts?: PostCardProps["reportOwnPosts"];
  /** The post to highlight and open the comments of (a profile's ?post=). */
  focusPostId?: string | null;
  highlightPostId?: string | null;
}

/**
 * A list of posts with an optional 'Load more' (the next page by `nextCursor`). With the hooks:
 * `const feed = useFeed(); <PostList posts={allPosts(feed.data)} hasMore={feed.hasNextPage} ... />`.
 */
export function PostList({
  posts,
  loading = false,
  error = null,
  onRetry,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  emptyText = POST_MESSAGES.noPosts,
  reportOwnPosts = false,
  focusPostId = null,
  highlightPostId = null,
}: PostListProps) {
  if (loading) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 4 }}>
        <CircularProgress aria-label="Loading posts" />
      </Box>
    );
  }
  if (error && posts.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      >
        {error.message}
      </Alert>
    );
  }
  if (posts.length === 0) return <EmptyState text={emptyText} />;

  return (
    <Stack spacing={2} component="section" aria-label="Posts">
      {posts.map((post) => (
        <PostCard
          key={post.postid}
          post={post}
          reportOwnPosts={reportOwnPosts}
          defaultCommentsOpen={post.postid === focusPostId}
          highlighted={post.postid === highlightPostId}
        />
      ))}
      {hasMore && onLoadMore && (
        <Button
          variant="outlined"
          onClick={onLoadMore}
          disabled={loadingMore}
          sx={{ alignSelf: "center" }}
        >
          {loadingMore ? "Loading…" : "Load more"}
        </Button>
      )}
    </Stack>
  );
}
