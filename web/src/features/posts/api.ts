import type { BasicUser, CommentView, FeedPage, PostView, ReportReason } from "@airwave/contracts";
import { POST_LIMITS } from "@airwave/contracts";
import { api } from "../../app/api.ts";

const base = "/api/auth";

export interface LikeResult {
  likeCount: number;
  likedByMe: boolean;
}

export interface LikersPage {
  users: BasicUser[];
  total: number;
  page: number;
}

/** The posts feature's server calls (community spec section 7, all under /api/auth). */
export const postsApi = {
  feed: (before: string | undefined, signal?: AbortSignal) =>
    api<FeedPage>(`${base}/getFeed`, {
      query: { before, limit: POST_LIMITS.feedPageSize },
      signal,
    }),
  userPosts: (id: string, before: string | undefined, signal?: AbortSignal) =>
    api<FeedPage>(`${base}/userPosts`, {
      query: { id, before, limit: POST_LIMITS.feedPageSize },
      signal,
    }),
  post: (id: string, signal?: AbortSignal) =>
    api<PostView>(`${base}/post/${encodeURIComponent(id)}`, { signal }),

  create: (input: { post: string; userid?: string }) =>
    api<PostView>(`${base}/userPost`, { method: "POST", body: input }),
  createWithImage: (input: { post: string; userid?: string; image: File }) => {
    const form = new FormData();
    form.append("post", input.post);
    if (input.userid) form.append("userid", input.userid);
    form.append("imageFile", input.image);
    return api<PostView>(`${base}/userPostWithImage`, { method: "POST", body: form });
  },
  uploadTempImage: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<{ url: string }>(`${base}/uploadTempImage`, { method: "POST", body: form });
  },
  update: (postid: string, post: string) =>
    api<PostView>(`${base}/updatePost`, { method: "POST", body: { postid, post } }),
  remove: (postid: string) =>
    api<unknown>(`${base}/deletePost`, { method: "POST", body: { postid } }),
  like: (postId: string, action: "like" | "unlike") =>
    api<LikeResult>(`${base}/likePost`, { method: "POST", body: { postId, action } }),
  share: (originalPostId: string, caption: string) =>
    api<PostView>(`${base}/sharePost`, { method: "POST", body: { originalPostId, caption } }),
  report: (postId: string, reason: ReportReason, detail: string) =>
    api<unknown>(`${base}/reportPost`, { method: "POST", body: { postId, reason, detail } }),
  postLikes: (postId: string, page: number, signal?: AbortSignal) =>
    api<LikersPage>(`${base}/postLikes`, {
      query: { postId, page, limit: POST_LIMITS.likesPageSize },
      signal,
    }),

  comment: (postid: string, comment: string) =>
    api<CommentView>(`${base}/commentPost`, { method: "POST", body: { postid, comment } }),
  updateComment: (postId: string, commentId: string, content: string) =>
    api<CommentView>(`${base}/updateComment`, {
      method: "POST",
      body: { postId, commentId, content },
    }),
  deleteComment: (postId: string, commentId: string) =>
    api<unknown>(`${base}/deleteComment`, { method: "POST", body: { postId, commentId } }),
  likeComment: (postId: string, commentId: string, action: "like" | "unlike") =>
    api<LikeResult>(`${base}/likeComment`, {
      method: "POST",
      body: { postId, commentId, action },
    }),
  commentLikes: (postId: string, commentId: string, page: number, signal?: AbortSignal) =>
    api<LikersPage>(`${base}/commentLikes`, {
      query: { postId, commentId, page, limit: POST_LIMITS.likesPageSize },
      signal,
    }),

  basicUsers: (ids: string[], signal?: AbortSignal) =>
    api<{ users: BasicUser[] }>(`${base}/basicUsers`, { query: { ids: ids.join(",") }, signal }),
};
