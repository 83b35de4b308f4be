import type { BasicUser, UserData, UserProfile, UserProfileFields } from "@airwave/contracts";
import type { UserRow } from "./schema.ts";

/** The smallest view of a member: lists, avatars, hover lists. */
export function presentBasicUser(
  u: Pick<UserRow, "id" | "username" | "profileimage" | "isDj" | "role">,
): BasicUser {
  return {
    _id: u.id,
    id: u.id,
    username: u.username,
    profileimage: u.profileimage,
    isDj: u.isDj,
    role: u.role,
  };
}

/** The profile fields as stored; `details: false` blanks the personal ones (bio, age, links...). */
function presentProfileFields(u: UserRow, details: boolean): UserProfileFields {
  return {
    coverphoto: u.coverphoto,
    bio: details ? u.bio : "",
    age: details ? u.age : null,
    location: details ? u.location : "",
    sex: details ? u.sex : "",
    interests: details ? u.interests : "",
    facebook: details ? u.facebook : "",
    twitter: details ? u.twitter : "",
    instagram: details ? u.instagram : "",
    customLinks: details ? u.customLinks : [],
    nameTagStyling: u.nameTagStyling ?? null,
    isPrivate: u.isPrivate,
  };
}

/** Fields of a member anyone signed in may see, whatever the profile's privacy. */
function presentIdentity(u: UserRow) {
  return {
    _id: u.id,
    id: u.id,
    username: u.username,
    role: u.role,
    isDj: u.isDj,
    profileimage: u.profileimage,
    date: u.createdAt.toISOString(),
  };
}

/**
 * A user as others may see them: never the e-mail, password hash or login IPs. The personal
 * profile fields only with `details` (the viewer may see the profile's content).
 */
export function presentPublicUser(u: UserRow, opts: { details?: boolean } = {}): UserData {
  const { coverphoto, nameTagStyling, isPrivate, ...personal } = presentProfileFields(u, true);
  return {
    ...presentIdentity(u),
    coverphoto,
    nameTagStyling,
    isPrivate,
    ...(opts.details ? personal : {}),
  };
}

/** The signed-in user's own data: every profile field plus the e-mail. */
export function presentSelf(u: UserRow): UserData {
  return { ...presentPublicUser(u, { details: true }), email: u.email };
}

interface ProfileFacts {
  counts: { followers: number; following: number; photos: number };
  relation: {
    isFollowing: boolean;
    followsMe: boolean;
    blockedByMe: boolean;
    hasBlockedMe: boolean;
    requestedByMe: boolean;
    hasRequestedToFollowMe: boolean;
  };
  /** Content withheld (private profile and not a follower, or a block): only the card and counts. */
  limited: boolean;
  message?: string;
  /** Pending requesters, for the owner only. */
  followRequests?: BasicUser[];
}

/** GET /getUserProfileData: the member's card, counts, the viewer's relation, and content if allowed. */
export function presentProfile(u: UserRow, facts: ProfileFacts): UserProfile {
  return {
    ...presentIdentity(u),
    ...presentProfileFields(u, !facts.limited),
    followersCount: facts.counts.followers,
    followingCount: facts.counts.following,
    photosCount: facts.counts.photos,
    ...facts.relation,
    limited: facts.limited,
    ...(facts.message ? { message: facts.message } : {}),
    ...(facts.followRequests ? { followRequests: facts.followRequests } : {}),
  };
}
