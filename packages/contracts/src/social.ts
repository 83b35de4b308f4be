import { z } from "zod";
import { basicUserSchema } from "./users.ts";

export const SOCIAL_MESSAGES = {
  cannotFollowSelf: "You cannot follow yourself.",
  alreadyFollowing: "Already following",
  noPendingRequest: "No pending request",
  notFollowing: "You are not following this member.",
  cannotBlockSelf: "You cannot block yourself.",
  blocked: "You cannot interact with this member.",
  userNotFound: "User not found",
  // The block's confirmation (issue 29: a block acted at once and ended follows without a word).
  blockTitle: (username: string) => `Block ${username}?`,
  blockText: (username: string) =>
    `You and ${username} will no longer see each other's posts or message each other. Any follow between you ends now and does not come back if you unblock later.`,
  blockConfirm: "Block",
} as const;

export const FOLLOW_STATUS = ["following", "requested"] as const;
export type FollowStatus = (typeof FOLLOW_STATUS)[number];

const id = z.string().trim().min(1, SOCIAL_MESSAGES.userNotFound).max(100);

/** POST /followUser (follower is the session; the field is accepted and ignored). */
export const followSchema = z.object({ followed: id, follower: z.string().optional() });
/** POST /unfollowUser */
export const unfollowSchema = z.object({ followed: id, unfollower: z.string().optional() });
/** POST /follow/accept and /follow/decline */
export const followRequestSchema = z.object({ requesterId: id });
/** POST /follow/cancel, /blockUser, /unblockUser */
export const targetSchema = z.object({ targetId: id });
/** POST /privacy/set */
export const privacySchema = z.object({ isPrivate: z.boolean() });

/** Window event that makes an open profile reload its followers. */
export const FOLLOW_ACCEPTED_REFRESH_EVENT = "follow-accepted-refresh";

/** POST /followUser */
export const followAnswerSchema = z.object({ status: z.enum(FOLLOW_STATUS) });
export type FollowAnswer = z.infer<typeof followAnswerSchema>;

/** POST /unfollowUser, /follow/accept, /follow/decline, /follow/cancel */
export const socialOkAnswerSchema = z.object({ ok: z.literal(true) });
export type SocialOkAnswer = z.infer<typeof socialOkAnswerSchema>;

/** POST /blockUser, /unblockUser */
export const blockAnswerSchema = z.object({ ok: z.literal(true), blocked: z.boolean() });
export type BlockAnswer = z.infer<typeof blockAnswerSchema>;

/** POST /privacy/set */
export const privacyAnswerSchema = z.object({ isPrivate: z.boolean() });
export type PrivacyAnswer = z.infer<typeof privacyAnswerSchema>;

/** GET /getfollowers, /getfollowing */
export const followListAnswerSchema = z.object({ users: z.array(basicUserSchema) });
export type FollowListAnswer = z.infer<typeof followListAnswerSchema>;
