import { z } from "zod";
import { REPORT_REASONS } from "./posts.ts";

/**
 * Admin Tab 2, posts and reports (admin spec 2, 3, 5, 8 and 9). Paths are ADMIN_API.posts and
 * ADMIN_API.postReports(id) in admin.ts; a post is deleted with the posts feature's
 * POST /api/auth/deletePost. The report reasons are REPORT_REASONS in posts.ts.
 */
export const ADMIN_POSTS_LIMITS = {
  /** Admin spec 9: posts table 12 per page. */
  pageSize: 12,
  /** Admin spec 5: the report filter's minimum is at least 1 (and 1 unless told). */
  minReports: 1,
  /** The highest minimum and page the list accepts (beyond the rows it answers an empty page). */
  minReportsMax: 1_000_000,
  pageMax: 1_000_000,
} as const;

export const ADMIN_POST_VIEWS = ["all", "reported"] as const;
export type AdminPostView = (typeof ADMIN_POST_VIEWS)[number];

export type ReportSeverity = "error" | "warning" | "info";

/** Admin spec 9: report severity colours: 10 or more error, 5 to 9 warning, below 5 info. */
export function reportSeverity(count: number): ReportSeverity {
  if (count >= 10) return "error";
  if (count >= 5) return "warning";
  return "info";
}

export const ADMIN_POSTS_MESSAGES = {
  // Admin spec 5: the report filter
  minReportsInvalid: "Minimum reports must be at least 1",
  minReportsTooLarge: "Minimum reports is too large",
  invalidReason: "Choose one of the report reasons",
  invalidView: "View must be all or reported",
  // Admin spec 8: toasts and empty states
  fetchFailed: "Failed to fetch reported posts",
  deleteFailed: "Failed to delete post",
  noReportedPosts: "No reported posts match filters",
  noReports: "No reports found",
  // This project's additions (the spec leaves these unnamed)
  noPosts: "No posts yet.",
  reportsFailed: "Failed to load the reports",
  title: "Posts and reports",
  viewLabel: "Which posts",
  allPosts: "All posts",
  reportedOnly: "Reported only",
  reasonLabel: "Reason",
  allReasons: "All",
  minReportsLabel: "Minimum reports",
  colAuthor: "Author",
  colPost: "Post",
  colImage: "Image",
  colDate: "Date",
  colLikes: "Likes",
  colComments: "Comments",
  colReports: "Reports",
  noText: "(no text)",
  open: (username: string) => `Open the post by ${username}`,
  reportCount: (n: number) => `${n} report${n === 1 ? "" : "s"}`,
  likes: (n: number) => `${n} like${n === 1 ? "" : "s"}`,
  comments: (n: number) => `${n} comment${n === 1 ? "" : "s"}`,
  dialogTitle: (username: string) => `Post by ${username}`,
  postImage: "Post image",
  reportsTitle: "Reports",
  deletePost: "Delete post",
  deleteConfirmTitle: "Delete this post?",
  deleteConfirmText:
    "The post, its comments, likes and reports are removed for everyone. This cannot be undone.",
  delete: "Delete",
  cancel: "Cancel",
  close: "Close",
  retry: "Retry",
} as const;

/** Readable label of a report reason ("spam" → "Spam"). */
export const reportReasonLabel = (reason: string) =>
  reason.charAt(0).toUpperCase() + reason.slice(1);

/** An empty query value counts as absent (the web sends `reason=` for "All"). */
const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

/** GET ADMIN_API.posts?view&reason&min&page: reason and min apply to the reported view. */
export const adminPostsQuerySchema = z.object({
  view: z.enum(ADMIN_POST_VIEWS, { error: ADMIN_POSTS_MESSAGES.invalidView }).default("all"),
  reason: z.preprocess(
    blankIsAbsent,
    z.enum(REPORT_REASONS, { error: ADMIN_POSTS_MESSAGES.invalidReason }).optional(),
  ),
  min: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: ADMIN_POSTS_MESSAGES.minReportsInvalid })
      .int({ error: ADMIN_POSTS_MESSAGES.minReportsInvalid })
      .min(ADMIN_POSTS_LIMITS.minReports, { error: ADMIN_POSTS_MESSAGES.minReportsInvalid })
      .max(ADMIN_POSTS_LIMITS.minReportsMax, { error: ADMIN_POSTS_MESSAGES.minReportsTooLarge })
      .default(ADMIN_POSTS_LIMITS.minReports),
  ),
  page: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: "Page must be a number" })
      .int({ error: "Page must be a whole number" })
      .min(1, { error: "Page must be at least 1" })
      .max(ADMIN_POSTS_LIMITS.pageMax, { error: "Page is too large" })
      .default(1),
  ),
});
export type AdminPostsQuery = z.infer<typeof adminPostsQuerySchema>;

/** The minimum-reports field of the web filter: the same rule as the server's. */
export const minReportsSchema = adminPostsQuerySchema.shape.min;

/** One post as the admin list shows it. */
export const adminPostRowSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  userId: z.string(),
  profileimage: z.string(),
  /** The post's text (a share's caption). */
  post: z.string(),
  image: z.string().nullable(),
  /** ISO 8601. */
  date: z.string(),
  likeCount: z.number(),
  commentCount: z.number(),
  /** Distinct members who reported it. */
  reportCount: z.number(),
  /** The distinct reasons given, in REPORT_REASONS order. */
  reasons: z.array(z.enum(REPORT_REASONS)),
});
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;

/** GET ADMIN_API.posts: newest first; the reported view by report count, then newest. */
export const adminPostsAnswerSchema = z.object({
  posts: z.array(adminPostRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminPostsAnswer = z.infer<typeof adminPostsAnswerSchema>;

export const adminPostReportSchema = z.object({
  user: z.object({ username: z.string(), profileimage: z.string() }),
  reason: z.enum(REPORT_REASONS),
  detail: z.string(),
  /** ISO 8601. */
  date: z.string(),
});
export type AdminPostReport = z.infer<typeof adminPostReportSchema>;

/** GET ADMIN_API.postReports(id): the post and its reports, newest first. */
export const adminPostReportsAnswerSchema = z.object({
  post: adminPostRowSchema,
  reports: z.array(adminPostReportSchema),
});
export type AdminPostReportsAnswer = z.infer<typeof adminPostReportsAnswerSchema>;
