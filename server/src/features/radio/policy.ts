import { HTTP_MESSAGES, isAdminRole } from "@airwave/contracts";
import type { Refusal } from "../../platform/authorize.ts";
import type { UserRow } from "../users/schema.ts";

/** Who may see what of the radio. Pure: `null` means allowed. */
export const radioPolicy = {
  /** The station view of the admin dashboard (admin spec Tab 4): admins only. */
  viewStation(actor: Pick<UserRow, "role">): Refusal | null {
    return isAdminRole(actor.role) ? null : { status: 403, message: HTTP_MESSAGES.forbidden };
  },
};
