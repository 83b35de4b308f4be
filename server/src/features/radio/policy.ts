import { adminOnly } from "../../platform/authorize.ts";

/** Who may see what of the radio. Pure; asked through `authorize(radioPolicy, action, ...)`. */
export const radioPolicy = {
  /** The station view of the admin dashboard (admin spec Tab 4): admins only (a plain 403). */
  viewStation: adminOnly,
} as const;
