import { SCHEDULE_MESSAGES } from "@airwave/contracts";
import { adminOnly, type Refusal } from "../../platform/authorize.ts";
import { isAccountBanActive } from "../auth/bans.ts";
import type { UserRow } from "../users/schema.ts";

type Actor = Pick<UserRow, "id" | "role" | "isDj">;
type Dj = Pick<UserRow, "id" | "role" | "isDj" | "banExpiresAt">;

/**
 * Who may do what with the schedule (community spec 6, decisions "Roles and powers"). Pure functions
 * over the actor and the record: `null` means allowed; services ask through
 * `authorize(schedulePolicy, action, ...)`.
 */
export const schedulePolicy = {
  /**
   * Booking a slot for `dj` (null: the named member does not exist). A DJ books for self only and
   * never permanently; an admin books for any DJ (not a banned one), permanently if asked.
   */
  book(actor: Actor, dj: Dj | null, perm: boolean): Refusal | null {
    if (adminOnly(actor)) {
      if (!dj) return { status: 404, message: SCHEDULE_MESSAGES.djNotFound };
      if (!dj.isDj || isAccountBanActive(dj)) {
        return { status: 400, message: SCHEDULE_MESSAGES.notADj };
      }
      return null;
    }
    if (!actor.isDj) return { status: 403, message: SCHEDULE_MESSAGES.djOnlyBooking };
    if (dj?.id !== actor.id) return { status: 403, message: SCHEDULE_MESSAGES.ownSlotsOnly };
    if (perm) return { status: 403, message: SCHEDULE_MESSAGES.permAdminOnly };
    return null;
  },

  /** Cancelling a booking: its DJ or an admin. */
  cancel(actor: Actor, booking: { djId: string }): Refusal | null {
    if (adminOnly(actor) || booking.djId === actor.id) return null;
    return { status: 403, message: SCHEDULE_MESSAGES.cancelNotAllowed };
  },

  /** Wiping the whole schedule: admins only (decisions: an Admin session, not a fixed key). */
  wipe(actor: Actor): Refusal | null {
    if (adminOnly(actor)) return null;
    return { status: 403, message: SCHEDULE_MESSAGES.wipeAdminOnly };
  },
} as const;
