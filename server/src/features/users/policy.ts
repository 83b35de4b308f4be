import { isStaffRole, SOCIAL_MESSAGES, USER_MESSAGES } from "@airwave/contracts";
import { type Refusal, refusalError } from "../../platform/authorize.ts";
import { isAccountBanActive } from "../auth/bans.ts";
import { canSeeContent, isBlockedEitherWay, type Relation } from "../social/public.ts";
import type { UserRow } from "./schema.ts";

type Viewer = Pick<UserRow, "role">;
type Member = Pick<UserRow, "role" | "banExpiresAt" | "isPrivate">;

/** What the users feature lets a viewer do with a member's profile. Pure: tested as a table. */
export const usersPolicy = {
  /** Opening the profile at all: not a banned member's (except for staff), not a blocker's. */
  viewProfile(viewer: Viewer, member: Member, rel: Relation): Refusal | null {
    if (rel.self) return null;
    if (isAccountBanActive(member) && !isStaffRole(viewer.role)) {
      return { status: 403, message: USER_MESSAGES.userBanned, extra: { banned: true } };
    }
    if (rel.hasBlockedMe) return { status: 403, message: USER_MESSAGES.blockedProfile };
    return null;
  },

  /** Seeing the profile's content (personal details, posts, follower lists, photos). */
  viewContent(viewer: Viewer, member: Member, rel: Relation): boolean {
    return usersPolicy.viewProfile(viewer, member, rel) === null && canSeeContent(member, rel);
  },

  /** The notice a limited profile shows instead of its content. */
  limitedNotice(member: Member, rel: Relation): string | undefined {
    if (rel.self) return undefined;
    if (isBlockedEitherWay(rel)) return SOCIAL_MESSAGES.blocked;
    if (member.isPrivate && !rel.isFollowing) return USER_MESSAGES.profilePrivate;
    return undefined;
  },

  /** Pending follow requests are the owner's business only. */
  viewFollowRequests: (rel: Relation) => rel.self,
} as const;

/**
 * The one rule for every read of another member's things (their profile, card, tracks, posts,
 * follower lists): the profile's own refusal, `usersPolicy.viewProfile` — a blocker's things are
 * closed to the member they block, a banned member's to everyone but staff — with the profile's
 * status and message. Throws that refusal; answers the relation for the reads that go on to decide
 * what of the content shows.
 */
export function assertMayViewMember(viewer: Viewer, member: Member, rel: Relation): Relation {
  const refusal = usersPolicy.viewProfile(viewer, member, rel);
  if (refusal) throw refusalError(refusal);
  return rel;
}
