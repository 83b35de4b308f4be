import { z } from "zod";
import { basicUserSchema } from "./users.ts";

export const POST_LIMITS = {
  textMax: 500,
  commentMax: 1000,
  shareCaptionMax: 300,
  shareCaptionWarnRatio: 0.87,
  reportDetailMax: 500,
  likesPageSize: 25,
  likesPageMax: 100,
  hoverListShown: 10,
  hoverIdsMax: 20,
  feedPageSize: 20,
  feedPageMax: 50,
  commentsPreview: 3,
  commentsMax: 200,
  imageMaxBytes: 5 * 1024 * 1024,
  highlightMs: 2000,
  popoverHideMs: 250,
  embedHeight: 166,
} as const;

export const REPORT_REASONS = [
  "nudity",
  "sexual",
  "harassment",
  "racism",
  "spam",
  "violence",
  "hate",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const POST_MESSAGES = {
  empty: "Write something or add an image.",
  tooLong: `Posts can be at most ${POST_LIMITS.textMax} characters.`,
  commentEmpty: "Comment cannot be empty.",
  commentTooLong: `Comments can be at most ${POST_LIMITS.commentMax} characters.`,
  captionTooLong: `A caption can be at most ${POST_LIMITS.shareCaptionMax} characters.`,
  reportReasonRequired: "Please choose a reason.",
  reportDetailTooLong: `Details can be at most ${POST_LIMITS.reportDetailMax} characters.`,
  alreadyReported: "Already reported",
  reported: "Thanks, the moderators will look at it.",
  notFound: "Post not found",
  commentNotFound: "Comment not found",
  notAllowedEdit: "Only the author can edit this.",
  notAllowedDelete: "You cannot delete this.",
  invalidFileType: "Invalid file type",
  invalidFileTypeDetail: "Please select a valid image file (JPEG, PNG, GIF, WebP, etc.)",
  imageTooLarge: "Image too large",
  imageTooLargeDetail: "Please select an image under 5MB",
  feedImageTooLarge: "Image too large. Max 5MB",
  noPosts: "No posts yet.",
  noComments: "No comments yet.",
  originalUnavailable: "The original post is no longer available.",
  cannotShareShare: "Share the original post instead.",
} as const;

const postId = z.string().trim().min(1, POST_MESSAGES.notFound).max(100);

/** POST /userPost (author and profile owner: the session, or `userid` for a post on another's profile). */
export const createPostSchema = z
  .object({
    post: z.string().trim().max(POST_LIMITS.textMax, POST_MESSAGES.tooLong).default(""),
    userid: z.string().max(100).optional(),
    image: z.string().max(500).optional().nullable(),
  })
  .refine((v) => v.post.length > 0 || !!v.image, { message: POST_MESSAGES.empty, path: ["post"] });

export const updatePostSchema = z.object({
  postid: postId,
  post: z
    .string()
    .trim()
    .min(1, POST_MESSAGES.empty)
    .max(POST_LIMITS.textMax, POST_MESSAGES.tooLong),
});
export const deletePostSchema = z.object({ postid: postId });
export const likeSchema = z.object({ postId, action: z.enum(["like", "unlike"]).default("like") });
export const sharePostSchema = z.object({
  originalPostId: postId,
  caption: z
    .string()
    .trim()
    .max(POST_LIMITS.shareCaptionMax, POST_MESSAGES.captionTooLong)
    .optional()
    .default(""),
});
export const reportPostSchema = z.object({
  postId,
  reason: z.enum(REPORT_REASONS, { error: POST_MESSAGES.reportReasonRequired }),
  detail: z
    .string()
    .trim()
    .max(POST_LIMITS.reportDetailMax, POST_MESSAGES.reportDetailTooLong)
    .optional()
    .default(""),
});
export const commentSchema = z.object({
  postid: postId,
  comment: z
    .string()
    .trim()
    .min(1, POST_MESSAGES.commentEmpty)
    .max(POST_LIMITS.commentMax, POST_MESSAGES.commentTooLong),
});
export const updateCommentSchema = z.object({
  postId,
  commentId: z.string().trim().min(1).max(100),
  content: z
    .string()
    .trim()
    .min(1, POST_MESSAGES.commentEmpty)
    .max(POST_LIMITS.commentMax, POST_MESSAGES.commentTooLong),
});
export const deleteCommentSchema = z.object({
  postId,
  commentId: z.string().trim().min(1).max(100),
});
export const likeCommentSchema = z.object({
  postId,
  commentId: z.string().trim().min(1).max(100),
  action: z.enum(["like", "unlike"]).default("like"),
});
export const likesPageQuerySchema = z.object({
  postId,
  commentId: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(POST_LIMITS.likesPageMax)
    .default(POST_LIMITS.likesPageSize),
});
export const feedQuerySchema = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(POST_LIMITS.feedPageMax)
    .default(POST_LIMITS.feedPageSize),
});

export const commentViewSchema = z.object({
  _id: z.string(),
  commentId: z.string(),
  comment: z.string(),
  content: z.string(),
  username: z.string(),
  userImage: z.string(),
  user: z.string(),
  date: z.string(),
  updatedAt: z.string().nullable(),
  likeCount: z.number(),
  likedByMe: z.boolean(),
});
export type CommentView = z.infer<typeof commentViewSchema>;

const musicLinkSchema = z.object({
  url: z.string(),
  embedUrl: z.string(),
  provider: z.enum(["soundcloud", "mixcloud", "youtube"]),
});

export const postViewSchema = z.object({
  _id: z.string(),
  postid: z.string(),
  post: z.string(),
  image: z.string().nullable(),
  date: z.string(),
  updatedAt: z.string().nullable(),
  username: z.string(),
  profileimage: z.string(),
  userImage: z.string(),
  postOwner: z.string(),
  userid: z.string(),
  /** Whose profile page the post is on. */
  profileOwner: z.string(),
  profileOwnerUsername: z.string(),
  type: z.enum(["post", "share"]),
  shareCaption: z.string().nullable(),
  originalPost: z.string().nullable(),
  /** The shared post, when this is a share and the original is still visible to the viewer. */
  get originalResolved(): z.ZodNullable<typeof postViewSchema> {
    return postViewSchema.nullable();
  },
  /** The first likers (at most 20 ids, for hover lists), newest last. */
  likes: z.array(z.object({ user: z.string(), date: z.string() })),
  likeCount: z.number(),
  likedByMe: z.boolean(),
  comments: z.array(commentViewSchema),
  commentCount: z.number(),
  reportedByMe: z.boolean(),
  /** A music link found in the text, with its embed address. */
  music: musicLinkSchema.nullable(),
});
export type PostView = z.infer<typeof postViewSchema>;

export const feedPageSchema = z.object({
  posts: z.array(postViewSchema),
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** POST /likePost, /likeComment */
export const likeAnswerSchema = z.object({ likeCount: z.number(), likedByMe: z.boolean() });
export type LikeAnswer = z.infer<typeof likeAnswerSchema>;

/** GET /postLikes, /commentLikes: who liked, oldest first, paged. */
export const likersPageSchema = z.object({
  users: z.array(basicUserSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type LikersPage = z.infer<typeof likersPageSchema>;

/** Finds the first embeddable music link in a post's text (decisions: SoundCloud, Mixcloud, YouTube). */
export function findMusicLink(text: string): PostView["music"] {
  const url = text
    .match(/https?:\/\/[^\s<>"']+/gi)
    ?.find((u) => /soundcloud\.com|mixcloud\.com|youtube\.com|youtu\.be/i.test(u));
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  if (host === "soundcloud.com" && parsed.pathname.split("/").filter(Boolean).length >= 2) {
    return {
      url,
      provider: "soundcloud",
      embedUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://soundcloud.com${parsed.pathname}`)}&color=%23a78bfa&auto_play=false&show_comments=false`,
    };
  }
  if (host === "mixcloud.com" && parsed.pathname.split("/").filter(Boolean).length >= 2) {
    return {
      url,
      provider: "mixcloud",
      embedUrl: `https://player-widget.mixcloud.com/widget/iframe/?hide_cover=1&feed=${encodeURIComponent(parsed.pathname)}`,
    };
  }
  const yt =
    host === "youtu.be"
      ? parsed.pathname.slice(1)
      : host === "youtube.com"
        ? parsed.searchParams.get("v")
        : null;
  if (yt && /^[\w-]{6,20}$/.test(yt)) {
    return { url, provider: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` };
  }
  return null;
}
