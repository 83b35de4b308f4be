import { adminOnly } from "../../../platform/authorize.ts";

/** Who may manage users (admin spec 6): Admins only. Pure: tested as a table. */
export const adminUsersPolicy = {
  manageUsers: adminOnly,
} as const;
