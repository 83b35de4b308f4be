import { isAdminRole } from "@airwave/contracts";

type Actor = { role: string } | null;

/** Who may manage users (admin spec 6): Admins only. Pure: tested as a table. */
export const adminUsersPolicy = {
  manageUsers: (actor: Actor) => !!actor && isAdminRole(actor.role),
} as const;
