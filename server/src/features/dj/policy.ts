import { DJ_MESSAGES, type DjApplicationStatus } from "@airwave/contracts";
import { adminOnly, type Refusal } from "../../platform/authorize.ts";
import type { UserRow } from "../users/schema.ts";

type Actor = Pick<UserRow, "role" | "isDj">;

/** What the member already has on file, for deciding whether they may apply. */
interface ApplicantState {
  hasPending: boolean;
  hasApproved: boolean;
}

/**
 * Who may apply, and who may review which application. Pure: `null` means allowed; services ask
 * through `authorize(djPolicy, action, ...)`.
 */
export const djPolicy = {
  /**
   * One pending application per member. An approved DJ (approved application and DJ status) has
   * nothing to apply for; a member whose DJ status an admin removed may apply again.
   */
  apply(actor: Actor, state: ApplicantState): Refusal | null {
    if (state.hasPending) return { status: 409, message: DJ_MESSAGES.alreadyPending };
    if (actor.isDj && state.hasApproved) return { status: 409, message: DJ_MESSAGES.alreadyDj };
    return null;
  },

  /** Listing every application: admins only. */
  list(actor: Pick<UserRow, "role">): Refusal | null {
    return adminOnly(actor) ? null : { status: 403, message: DJ_MESSAGES.reviewForbidden };
  },

  /** Approving or rejecting: admins only, and only while the application is pending. */
  decide(
    actor: Pick<UserRow, "role">,
    application: { status: DjApplicationStatus | string },
  ): Refusal | null {
    const notAdmin = djPolicy.list(actor);
    if (notAdmin) return notAdmin;
    if (application.status !== "pending") return { status: 409, message: DJ_MESSAGES.notPending };
    return null;
  },
} as const;
