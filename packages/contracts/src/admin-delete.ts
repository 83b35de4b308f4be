import { z } from "zod";

/**
 * Admin Tab 1, deleting an account (admin spec 2, 6 and 8). Path: ADMIN_API.userDelete(id) in
 * admin.ts (POST, no body). What a deletion removes or anonymises is written down in the docs/features.md,
 * "Deleting an account". The users tab imports its delete texts from here.
 */
export const ADMIN_DELETE_MESSAGES = {
  // Admin spec 8: success message and error toast
  deleted: "Account Deleted",
  failed: "Failed to delete user account",
  // This project's additions (the spec leaves these server answers unnamed)
  cannotDeleteSelf: "You cannot delete your own account",
  userNotFound: "User not found",
  /** The `force-kick` reason the deleted member's open chat sockets receive before closing. */
  accountDeleted: "Your account has been deleted",
  /** The name kept in place of a deleted member's (their chat lines, ticket replies, chat reply quotes). */
  deletedMember: "Deleted member",
  // The confirmation in the user dialog
  confirmTitle: "Delete this account?",
  confirmText: (username: string) =>
    `${username}'s account is removed for good: their posts and the posts on their page, comments, likes, follows, one-to-one conversations, tickets, DJ details, bookings and pictures. Their chat lines and group messages stay, shown as a deleted member. This cannot be undone.`,
  confirm: "Delete account",
} as const;

/** The `:id` of POST ADMIN_API.userDelete(id). */
export const adminDeleteUserParamsSchema = z.object({
  id: z
    .string(ADMIN_DELETE_MESSAGES.userNotFound)
    .trim()
    .min(1, ADMIN_DELETE_MESSAGES.userNotFound)
    .max(100, ADMIN_DELETE_MESSAGES.userNotFound),
});

/** What a successful deletion answers. */
export const adminDeleteUserAnswerSchema = z.object({
  message: z.literal(ADMIN_DELETE_MESSAGES.deleted),
});
export type AdminDeleteUserAnswer = z.infer<typeof adminDeleteUserAnswerSchema>;
