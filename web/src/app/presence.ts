import { USER_LIMITS, USERS_SELF_ROUTES } from "@airwave/contracts";
import { useEffect } from "react";
import { call } from "./api.ts";
import { useAuthStatus } from "./session.ts";

export const sendHeartbeat = () =>
  call(USERS_SELF_ROUTES.heartbeat).then(
    () => undefined,
    // Presence is silent on failure (community spec section 8).
    () => undefined,
  );

/** While signed in: one heartbeat at sign-in, then one every `USER_LIMITS.heartbeatMs`. Mount once. */
export function usePresenceHeartbeat(): void {
  const status = useAuthStatus();
  const signedIn = status.data?.authenticated === true;

  useEffect(() => {
    if (!signedIn) return;
    void sendHeartbeat();
    const timer = setInterval(() => void sendHeartbeat(), USER_LIMITS.heartbeatMs);
    return () => clearInterval(timer);
  }, [signedIn]);
}
