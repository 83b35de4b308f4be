import {
  type LikersPage,
  POST_LIMITS,
  POSTS_ROUTES,
  type ReportReason,
  UPLOADS_ROUTES,
  USERS_ROUTES,
} from "@airwave/contracts";
import { call } from "../../app/api.ts";

export type { LikersPage };

const r = POSTS_ROUTES;

/** The posts feature's server calls (community spec section 7). */
export const postsApi = {
  feed: (before: string | undefined, signal?: AbortSignal) =>
    call(r.feed, { query: { before, limit: POST_LIMITS.feedPageSize }, signal }),
  userPosts: (id: string, before: string | undefined, signal?: AbortSignal) =>
    call(r.userPosts, { query: { id, before, limit: POST_LIMITS.feedPageSize }, signal }),
  post: (id: string, signal?: AbortSignal) => call(r.post, { params: { id }, signal }),

  create: (input: { post: string; userid?: string }) => call(r.create, { body: input }),
  createWithImage: (input: { post: string; userid?: string; image: File }) => {
    const form = new FormData();
    form.append("post", input.post);
    if (input.userid) form.append("userid", input.userid);
    form.append("imageFile", input.image);
    return call(r.createWithImage, { body: form });
  },
  uploadTempImage: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return call(UPLOADS_ROUTES.tempImage, { body: form });
  },
  update: (postid: string, post: string) => call(r.update, { body: { postid, post } }),
  remove: (postid: string) => call(r.delete, { body: { postid } }),
  like: (postId: string, action: "like" | "unlike") => call(r.like, { body: { postId, action } }),
  share: (originalPostId: string, caption: string) =>
    call(r.share, { body: { originalPostId, caption } }),
  report: (postId: string, reason: ReportReason, detail: string) =>
    call(r.report, { body: { postId, reason, detail } }),
  postLikes: (postId: string, page: number, signal?: AbortSignal) =>
    call(r.likes, { query: { postId, page, limit: POST_LIMITS.likesPageSize }, signal }),

  comment: (postid: string, comment: string) => call(r.comment, { body: { postid, comment } }),
  updateComment: (postId: string, commentId: string, content: string) =>
    call(r.updateComment, { body: { postId, commentId, content } }),
  deleteComment: (postId: string, commentId: string) =>
    call(r.deleteComment, { body: { postId, commentId } }),
  likeComment: (postId: string, commentId: string, action: "like" | "unlike") =>
    call(r.likeComment, { body: { postId, commentId, action } }),
  commentLikes: (postId: string, commentId: string, page: number, signal?: AbortSignal) =>
    call(r.commentLikes, {
      query: { postId, commentId, page, limit: POST_LIMITS.likesPageSize },
      signal,
    }),

  basicUsers: (ids: string[], signal?: AbortSignal) =>
    call(USERS_ROUTES.basicUsers, { query: { ids: ids.join(",") }, signal }),
};
