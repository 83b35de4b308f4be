import { PRIVATE_MESSAGE_MESSAGES } from "@airwave/contracts";
import type { Refusal } from "../../platform/authorize.ts";
import { isAccountBanActive } from "../auth/bans.ts";
import { isBlockedEitherWay, type Relation } from "../social/public.ts";
import type { UserRow } from "../users/schema.ts";

type Recipient = Pick<UserRow, "role" | "banExpiresAt" | "isPrivate">;

/**
 * Who may message whom (decisions: Social). Pure functions: `null` means allowed.
 */
export const messagesPolicy = {
  /**
   * The sender may write to the recipient: not oneself, not a banned member, not across a block in
   * either direction, and a private profile only from an accepted follower — unless the private
   * member started this conversation themselves (`invitedByRecipient`), which invites replies.
   */
  message(
    recipient: Recipient,
    rel: Relation,
    opts: { invitedByRecipient?: boolean } = {},
  ): Refusal | null {
    if (rel.self) return { status: 400, message: PRIVATE_MESSAGE_MESSAGES.cannotMessageSelf };
    if (isAccountBanActive(recipient)) {
      return { status: 403, message: PRIVATE_MESSAGE_MESSAGES.recipientUnavailable };
    }
    if (isBlockedEitherWay(rel)) return { status: 403, message: PRIVATE_MESSAGE_MESSAGES.blocked };
    if (recipient.isPrivate && !rel.isFollowing && !opts.invitedByRecipient) {
      return { status: 403, message: PRIVATE_MESSAGE_MESSAGES.privateProfile };
    }
    return null;
  },

  /**
   * Starting a conversation: never one whose members include two who block one another, in either
   * direction (the starter's own blocks are refused by `message`, naming the member).
   */
  gather(blockAmongMembers: boolean): Refusal | null {
    return blockAmongMembers
      ? { status: 403, message: PRIVATE_MESSAGE_MESSAGES.membersBlocked }
      : null;
  },

  /**
   * Leaving: only a participant (anyone else: 404, as for an unknown id), and only a group; a
   * one-to-one conversation is archived instead (400).
   */
  leave(isParticipant: boolean, isGroup: boolean): Refusal | null {
    if (!isParticipant) return messagesPolicy.participate(false);
    if (!isGroup) return { status: 400, message: PRIVATE_MESSAGE_MESSAGES.cannotLeaveOneToOne };
    return null;
  },

  /**
   * Reading, writing, marking read and archiving need membership. A conversation one is not part
   * of answers exactly like one that does not exist (404), so ids leak nothing.
   */
  participate(isParticipant: boolean): Refusal | null {
    return isParticipant
      ? null
      : { status: 404, message: PRIVATE_MESSAGE_MESSAGES.conversationNotFound };
  },
} as const;
