import type { BasicUser, PostView, ReportReason } from "@airwave/contracts";
import { POST_LIMITS, USER_LIMITS } from "@airwave/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../app/api.ts";
import { type LikersPage, postsApi } from "./api.ts";
import {
  appendCommentInCache,
  basicUsersKey,
  findPostInCache,
  insertPostInCache,
  likesKeys,
  postKeys,
  removeCommentFromCache,
  removePostFromCache,
  updateCommentInCache,
  updatePostInCache,
} from "./cache.ts";

/** The spec wants like, share, report and comment failures logged only, with no message to the user. */
function logFailure(what: string) {
  return (err: unknown) => console.error(`[posts] ${what} failed`, err);
}

/** GET /getFeed, newest first, one page per `nextCursor`. */
export function useFeed() {
  return useInfiniteQuery({
    queryKey: postKeys.feed,
    queryFn: ({ pageParam, signal }) => postsApi.feed(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /userPosts?id (a user id or a username): the posts on one member's profile. */
export function useUserPosts(id: string | undefined, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: postKeys.user(id ?? ""),
    queryFn: ({ pageParam, signal }) => postsApi.userPosts(id ?? "", pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!id && options.enabled !== false,
  });
}

/** GET /post/{id}: one post with all its comments. */
export function usePost(id: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ""),
    queryFn: ({ signal }) => postsApi.post(id ?? "", signal),
    enabled: !!id && options.enabled !== false,
  });
}

interface NewPostInput {
  post: string;
  /** The profile the post goes on, when it is not the author's own. */
  userid?: string;
  image?: File | null;
}

/** POST /userPost or /userPostWithImage; the new post goes to the top of its lists. */
export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ post, userid, image }: NewPostInput) =>
      image ? postsApi.createWithImage({ post, userid, image }) : postsApi.create({ post, userid }),
    onSuccess: (post) => insertPostInCache(qc, post),
  });
}

export function useUpdatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ postid, post }: { postid: string; post: string }) =>
      postsApi.update(postid, post),
    onSuccess: (updated, { postid }) =>
      updatePostInCache(qc, postid, (old) => ({
        ...old,
        ...updated,
        // A list may hold only a preview of the comments; keep what the cache already knows.
        comments: updated.comments?.length ? updated.comments : old.comments,
      })),
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postid: string) => postsApi.remove(postid),
    onSuccess: (_res, postid) => removePostFromCache(qc, postid),
  });
}

/** Adds or removes the viewer in a post's first-likers list (at most 20, newest last). */
function withLiker(likes: PostView["likes"], userId: string | undefined, liked: boolean) {
  if (!userId) return likes;
  const others = likes.filter((l) => l.user !== userId);
  if (!liked) return others;
  return [...others, { user: userId, date: new Date().toISOString() }].slice(
    -POST_LIMITS.hoverIdsMax,
  );
}

/**
 * POST /likePost, applied optimistically: the button and count change at once, go back if the call
 * fails, and take the server's count when it answers.
 */
export function useLikePost(meId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, like }: { postId: string; like: boolean }) =>
      postsApi.like(postId, like ? "like" : "unlike"),
    onMutate: async ({ postId, like }) => {
      const before = findPostInCache(qc, postId);
      updatePostInCache(qc, postId, (p) => ({
        ...p,
        likedByMe: like,
        likeCount: Math.max(0, p.likeCount + (like === p.likedByMe ? 0 : like ? 1 : -1)),
        likes: withLiker(p.likes, meId, like),
      }));
      return { before };
    },
    onError: (err, { postId }, ctx) => {
      logFailure("like")(err);
      const before = ctx?.before;
      if (before) {
        updatePostInCache(qc, postId, (p) => ({
          ...p,
          likedByMe: before.likedByMe,
          likeCount: before.likeCount,
          likes: before.likes,
        }));
      }
    },
    onSuccess: (res, { postId, like }) =>
      updatePostInCache(qc, postId, (p) => ({
        ...p,
        likeCount: res.likeCount,
        likedByMe: res.likedByMe ?? like,
      })),
    onSettled: (_res, _err, { postId }) =>
      qc.invalidateQueries({ queryKey: likesKeys.post(postId), refetchType: "none" }),
  });
}

/** POST /sharePost; the share goes to the top of the lists it belongs to. */
export function useSharePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ originalPostId, caption }: { originalPostId: string; caption: string }) =>
      postsApi.share(originalPostId, caption),
    onSuccess: (share) => insertPostInCache(qc, share),
    onError: logFailure("share"),
  });
}

/** POST /reportPost; afterwards the post says 'Already reported' (also when the server says so). */
export function useReportPost() {
  const qc = useQueryClient();
  const markReported = (postId: string) =>
    updatePostInCache(qc, postId, (p) => ({ ...p, reportedByMe: true }));
  return useMutation({
    mutationFn: ({
      postId,
      reason,
      detail,
    }: {
      postId: string;
      reason: ReportReason;
      detail: string;
    }) => postsApi.report(postId, reason, detail),
    onSuccess: (_res, { postId }) => markReported(postId),
    onError: (err, { postId }) => {
      logFailure("report")(err);
      // One report per member per post: a conflict means it is already on file.
      if (err instanceof ApiError && err.status === 409) markReported(postId);
    },
  });
}

export function useAddComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, comment }: { postId: string; comment: string }) =>
      postsApi.comment(postId, comment),
    onSuccess: (comment, { postId }) => appendCommentInCache(qc, postId, comment),
    onError: logFailure("comment"),
  });
}

export function useUpdateComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      commentId,
      content,
    }: {
      postId: string;
      commentId: string;
      content: string;
    }) => postsApi.updateComment(postId, commentId, content),
    onSuccess: (updated, { postId, commentId }) =>
      updateCommentInCache(qc, postId, commentId, (old) => ({ ...old, ...updated })),
  });
}

export function useDeleteComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, commentId }: { postId: string; commentId: string }) =>
      postsApi.deleteComment(postId, commentId),
    onSuccess: (_res, { postId, commentId }) => removeCommentFromCache(qc, postId, commentId),
  });
}

/** POST /likeComment, optimistic like the post's like. */
export function useLikeComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      commentId,
      like,
    }: {
      postId: string;
      commentId: string;
      like: boolean;
    }) => postsApi.likeComment(postId, commentId, like ? "like" : "unlike"),
    onMutate: ({ postId, commentId, like }) => {
      const post = findPostInCache(qc, postId);
      const before = post?.comments.find((c) => c.commentId === commentId);
      updateCommentInCache(qc, postId, commentId, (c) => ({
        ...c,
        likedByMe: like,
        likeCount: Math.max(0, c.likeCount + (like === c.likedByMe ? 0 : like ? 1 : -1)),
      }));
      return { before };
    },
    onError: (err, { postId, commentId }, ctx) => {
      logFailure("comment like")(err);
      const before = ctx?.before;
      if (before) {
        updateCommentInCache(qc, postId, commentId, (c) => ({
          ...c,
          likedByMe: before.likedByMe,
          likeCount: before.likeCount,
        }));
      }
    },
    onSuccess: (res, { postId, commentId, like }) =>
      updateCommentInCache(qc, postId, commentId, (c) => ({
        ...c,
        likeCount: res.likeCount,
        likedByMe: res.likedByMe ?? like,
      })),
  });
}

/** GET /basicUsers for hover lists: the first 20 ids only, cached for 5 minutes. */
export function useBasicUsers(ids: readonly string[], enabled = true) {
  const wanted = ids.slice(0, POST_LIMITS.hoverIdsMax);
  return useQuery({
    queryKey: basicUsersKey(wanted),
    queryFn: ({ signal }) => postsApi.basicUsers(wanted, signal),
    select: (res): BasicUser[] => res.users ?? [],
    enabled: enabled && wanted.length > 0,
    staleTime: USER_LIMITS.basicUsersCacheMs,
    gcTime: USER_LIMITS.basicUsersCacheMs,
  });
}

export type LikesTarget = { postId: string; commentId?: string };

/** GET /postLikes or /commentLikes, 25 per page, for the full likers list. */
export function useLikers(target: LikesTarget, enabled: boolean) {
  const { postId, commentId } = target;
  return useInfiniteQuery({
    queryKey: commentId ? likesKeys.comment(postId, commentId) : likesKeys.post(postId),
    queryFn: ({ pageParam, signal }): Promise<LikersPage> =>
      commentId
        ? postsApi.commentLikes(postId, commentId, pageParam, signal)
        : postsApi.postLikes(postId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + (p.users?.length ?? 0), 0);
      return loaded < last.total && (last.users?.length ?? 0) > 0 ? last.page + 1 : undefined;
    },
    enabled,
  });
}
