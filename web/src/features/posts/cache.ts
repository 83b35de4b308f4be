import type { CommentView, FeedPage, PostView } from "@airwave/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

/** A paged post list (feed or a member's posts) as TanStack Query keeps it. */
type PostPages = InfiniteData<FeedPage, string | undefined>;

/** Every post query lives under ["posts"], so one update reaches the feed, profiles and single posts. */
export const postKeys = {
  all: ["posts"] as const,
  feed: ["posts", "feed"] as const,
  /** `id` is what the caller passed to GET /userPosts: a user id or a username. */
  user: (id: string) => ["posts", "user", id] as const,
  detail: (id: string) => ["posts", "detail", id] as const,
};

export const likesKeys = {
  post: (postId: string) => ["likes", "post", postId] as const,
  comment: (postId: string, commentId: string) => ["likes", "comment", postId, commentId] as const,
};

export const basicUsersKey = (ids: readonly string[]) => ["basicUsers", ids.join(",")] as const;

function isPages(data: unknown): data is PostPages {
  return typeof data === "object" && data !== null && Array.isArray((data as PostPages).pages);
}

function isPost(data: unknown): data is PostView {
  return typeof data === "object" && data !== null && typeof (data as PostView).postid === "string";
}

/** The posts of a paged list in order, each once (an inserted post may come again with a later page). */
export function allPosts(data: InfiniteData<FeedPage, unknown> | undefined): PostView[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: PostView[] = [];
  for (const page of data.pages) {
    for (const post of page.posts) {
      if (seen.has(post.postid)) continue;
      seen.add(post.postid);
      out.push(post);
    }
  }
  return out;
}

type PostFn = (post: PostView) => PostView | null;

/** Applies `fn` to the post `id` and to shares showing it as their original; null removes it. */
function mapPost(post: PostView, id: string, fn: PostFn): PostView | null {
  if (post.postid === id) return fn(post);
  if (post.originalResolved?.postid === id) {
    // A share keeps its place when its original goes: it then says the original is unavailable.
    return { ...post, originalResolved: fn(post.originalResolved) };
  }
  return post;
}

function mapData(data: unknown, id: string, fn: PostFn): unknown {
  if (isPages(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        posts: page.posts.map((p) => mapPost(p, id, fn)).filter((p): p is PostView => p !== null),
      })),
    };
  }
  if (isPost(data)) return mapPost(data, id, fn) ?? undefined;
  return data;
}

/** Changes one post wherever it is cached: feed, profile lists, single-post queries, shares. */
export function updatePostInCache(qc: QueryClient, id: string, fn: (post: PostView) => PostView) {
  qc.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => mapData(data, id, fn));
}

/** Removes a deleted post from every list; shares of it keep showing 'original unavailable'. */
export function removePostFromCache(qc: QueryClient, id: string) {
  qc.setQueriesData({ queryKey: postKeys.all }, (data: unknown) =>
    isPost(data) && data.postid === id ? data : mapData(data, id, () => null),
  );
  qc.removeQueries({ queryKey: postKeys.detail(id) });
}

/** The current state of a post in the cache, from the first query that holds it. */
export function findPostInCache(qc: QueryClient, id: string): PostView | undefined {
  for (const [, data] of qc.getQueriesData({ queryKey: postKeys.all })) {
    if (isPost(data)) {
      if (data.postid === id) return data;
      if (data.originalResolved?.postid === id) return data.originalResolved;
    } else if (isPages(data)) {
      for (const page of data.pages) {
        for (const p of page.posts) {
          if (p.postid === id) return p;
          if (p.originalResolved?.postid === id) return p.originalResolved;
        }
      }
    }
  }
  return undefined;
}

function listShows(key: readonly unknown[], post: PostView): boolean {
  if (key[1] === "feed") return true;
  if (key[1] !== "user" || typeof key[2] !== "string") return false;
  const owner = key[2];
  return (
    owner === post.profileOwner ||
    owner.toLowerCase() === (post.profileOwnerUsername ?? "").toLowerCase()
  );
}

/**
 * Puts a new post (or share) at the top of the lists it belongs to: the feed, and the list of the
 * profile it was posted on.
 */
export function insertPostInCache(qc: QueryClient, post: PostView) {
  for (const query of qc.getQueryCache().findAll({ queryKey: postKeys.all })) {
    const key = query.queryKey;
    if (!listShows(key, post)) continue;
    qc.setQueryData<PostPages>(key, (data) => {
      if (!isPages(data)) return data;
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return {
        ...data,
        pages: [
          { ...first, posts: [post, ...first.posts.filter((p) => p.postid !== post.postid)] },
          ...rest,
        ],
      };
    });
  }
}

const sameComment = (c: CommentView, id: string) => c.commentId === id || c._id === id;

/** Changes one comment of a post wherever the post is cached. */
export function updateCommentInCache(
  qc: QueryClient,
  postId: string,
  commentId: string,
  fn: (comment: CommentView) => CommentView,
) {
  updatePostInCache(qc, postId, (post) => ({
    ...post,
    comments: post.comments.map((c) => (sameComment(c, commentId) ? fn(c) : c)),
  }));
}

/** Removes a deleted comment; the count drops even where only a preview of the comments is cached. */
export function removeCommentFromCache(qc: QueryClient, postId: string, commentId: string) {
  updatePostInCache(qc, postId, (post) => ({
    ...post,
    comments: post.comments.filter((c) => !sameComment(c, commentId)),
    commentCount: Math.max(0, post.commentCount - 1),
  }));
}

/** Adds a new comment at the end of a post's comments. */
export function appendCommentInCache(qc: QueryClient, postId: string, comment: CommentView) {
  updatePostInCache(qc, postId, (post) =>
    post.comments.some((c) => c.commentId === comment.commentId)
      ? post
      : {
          ...post,
          comments: [...post.comments, comment],
          commentCount: post.commentCount + 1,
        },
  );
}
