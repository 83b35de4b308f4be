import type { UserData } from "@airwave/contracts";
import type { UserRow } from "./schema.ts";

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

/** The signed-in user's own data: the public view plus the e-mail. */
export function presentSelf(u: UserRow): UserData {
  return { ...presentPublicUser(u), email: u.email };
}
