import { SOCIAL_MESSAGES, USER_MESSAGES } from "@airwave/contracts";
import type { Refusal } from "../../platform/authorize.ts";
import { usersPolicy } from "../users/public.ts";
import type { UserRow } from "../users/schema.ts";
import { canSeeContent, isBlockedEitherWay, type Relation } from "./visibility.ts";

type Actor = Pick<UserRow, "role">;
type Member = Pick<UserRow, "role" | "banExpiresAt" | "isPrivate">;

/**
 * Who may follow, block, or list whose followers. Pure functions over the actor, the other member
 * and how they stand to each other (`relationBetween`): `null` means allowed.
 */
export const socialPolicy = {
  follow(actor: Actor, target: Member, rel: Relation): Refusal | null {
    if (rel.self) return { status: 400, message: SOCIAL_MESSAGES.cannotFollowSelf };
    if (isBlockedEitherWay(rel)) return { status: 403, message: SOCIAL_MESSAGES.blocked };
    const closed = usersPolicy.viewProfile(actor, target, rel);
    if (closed) return closed;
    if (rel.isFollowing) return { status: 400, message: SOCIAL_MESSAGES.alreadyFollowing };
    return null;
  },

  block(_actor: Actor, _target: Member, rel: Relation): Refusal | null {
    if (rel.self) return { status: 400, message: SOCIAL_MESSAGES.cannotBlockSelf };
    return null;
  },

  /** GET /getfollowers and /getfollowing of a member. */
  viewLists(viewer: Actor, member: Member, rel: Relation): Refusal | null {
    const closed = usersPolicy.viewProfile(viewer, member, rel);
    if (closed) return closed;
    if (rel.blockedByMe) return { status: 403, message: SOCIAL_MESSAGES.blocked };
    if (!canSeeContent(member, rel)) return { status: 403, message: USER_MESSAGES.profilePrivate };
    return null;
  },
} as const;
