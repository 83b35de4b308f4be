import { POST_LIMITS, type UserProfile } from "@airwave/contracts";
import { Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Composer } from "../posts/Composer.tsx";
import { allPosts } from "../posts/cache.ts";
import { usePost, useUserPosts } from "../posts/hooks.ts";
import { postElementId } from "../posts/PostCard.tsx";
import { PostList } from "../posts/PostList.tsx";
import { reloadProfiles } from "./hooks.ts";

/**
 * The member's posts under About, with the owner's composer. With ?post={id} only that post shows
 * (GET /post/{id}): scrolled to, comments open, highlighted for 2 s (community spec 2).
 */
export function ProfilePosts({
  profile,
  isOwner,
  postId,
  onShowAll,
}: {
  profile: UserProfile;
  isOwner: boolean;
  postId: string | null;
  onShowAll: () => void;
}) {
  const qc = useQueryClient();
  const memberId = profile.id ?? profile._id;
  const list = useUserPosts(memberId, { enabled: !postId });
  const single = usePost(postId ?? undefined, { enabled: !!postId });
  const [highlight, setHighlight] = useState<string | null>(null);
  const loadedId = postId ? single.data?.postid : undefined;

  useEffect(() => {
    if (!loadedId) return;
    const card = document.getElementById(postElementId(loadedId));
    card?.scrollIntoView?.({ behavior: "smooth", block: "center" });
    setHighlight(loadedId);
    const timer = setTimeout(() => setHighlight(null), POST_LIMITS.highlightMs);
    return () => clearTimeout(timer);
  }, [loadedId]);

  if (postId) {
    return (
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Stack
          direction="row"
          sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}
        >
          <Typography variant="h6" component="h2">
            Post
          </Typography>
          <Button onClick={onShowAll}>Show all posts</Button>
        </Stack>
        <PostList
          posts={single.data ? [single.data] : []}
          loading={single.isPending}
          error={single.error}
          onRetry={() => single.refetch()}
          focusPostId={loadedId ?? null}
          highlightPostId={highlight}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        Posts
      </Typography>
      {isOwner && (
        <Composer
          profileOwnerId={memberId}
          // A new image post changes the Photos count the profile answers with.
          onPosted={(post) => {
            if (post.image) void reloadProfiles(qc);
          }}
        />
      )}
      <PostList
        posts={allPosts(list.data)}
        loading={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
      />
    </Stack>
  );
}
