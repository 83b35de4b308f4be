import { USER_EVENTS } from "@airwave/contracts";
import { kickDestination } from "../features/auth/ban-record.ts";
import { signOut } from "../features/auth/LogoutPage.tsx";
import { useSocketEvent } from "./socket.ts";

/**
 * The server ends a member's sessions and closes their connections with a `force-kick` (a ban from
 * the admin dashboard or the chat room, a deleted account). Whatever page is open signs out at once
 * and moves on: to /banned with the reason when the kick names a ban, else to the start page.
 */
export function useForceKick(leave: (url: string) => void = (url) => window.location.assign(url)) {
  useSocketEvent(USER_EVENTS.forceKick, (payload) => {
    // Off the wire unchecked (kickDestination reads it): a kick without its reason still signs out.
    void signOut().then(() => leave(kickDestination(payload)));
  });
}
