import type { BasicUser, UserData } from "@airwave/contracts";
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

/** A user as others may see them: never the e-mail, password hash or login IPs. */
export function presentPublicUser(u: UserRow): UserData {
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

/** The signed-in user's own data: the public view plus the e-mail and own settings. */
export function presentSelf(u: UserRow): UserData {
  return { ...presentPublicUser(u), email: u.email };
}
