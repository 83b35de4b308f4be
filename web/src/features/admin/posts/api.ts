import { ADMIN_ROUTES, type AdminPostView, type ReportReason } from "@airwave/contracts";
import { call } from "../../../app/api.ts";

export interface AdminPostsFilter {
  view: AdminPostView;
  /** Reported view only: a reason, or undefined for all of them. */
  reason?: ReportReason;
  /** Reported view only: the minimum report count (at least 1). */
  min: number;
  /** 1-based. */
  page: number;
}

/** Tab 2's calls (admin spec 7). Deleting a post is the posts feature's `postsApi.remove`. */
export const adminPostsApi = {
  list: (filter: AdminPostsFilter, signal?: AbortSignal) =>
    call(ADMIN_ROUTES.posts, {
      signal,
      query:
        filter.view === "reported"
          ? { view: "reported", reason: filter.reason, min: filter.min, page: filter.page }
          : { view: "all", page: filter.page },
    }),
  reports: (postId: string, signal?: AbortSignal) =>
    call(ADMIN_ROUTES.postReports, { params: { id: postId }, signal }),
};

export const adminPostsKeys = {
  all: ["admin", "posts"] as const,
  list: (filter: AdminPostsFilter) => ["admin", "posts", "list", filter] as const,
  reports: (postId: string) => ["admin", "posts", "reports", postId] as const,
};
