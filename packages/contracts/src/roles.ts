/** Roles as the spec names them. Compare with `hasRole`, never with `===`: the spec compares case-insensitively. */
export const ROLES = ["Admin", "Moderator", "user", "banned"] as const;
export type Role = (typeof ROLES)[number];

/** Roles an admin may assign directly (a ban sets `banned`). */
export const ASSIGNABLE_ROLES = ["Admin", "Moderator", "user"] as const;

export function hasRole(role: string | null | undefined, wanted: Role): boolean {
  return (role ?? "").toLowerCase() === wanted.toLowerCase();
}

export const isAdminRole = (role: string | null | undefined) => hasRole(role, "Admin");
export const isModeratorRole = (role: string | null | undefined) => hasRole(role, "Moderator");

/** Staff: an Admin or a Moderator (decisions "Roles and powers"). The one definition, server and web. */
export const isStaffRole = (role: string | null | undefined) =>
  isAdminRole(role) || isModeratorRole(role);
