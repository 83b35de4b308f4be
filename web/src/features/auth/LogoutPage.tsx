import { PATHS } from "@airwave/contracts";
import { useEffect } from "react";
import { clearStoredSession } from "../../app/session.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { authApi } from "./api.ts";

/** Signs out: the server call, then the stored data; the client logs out even if the call fails. */
export async function signOut() {
  try {
    await authApi.logout();
  } catch {
    // Logout request failed: the browser still forgets the session.
  }
  clearStoredSession();
}

export function LogoutPage() {
  useEffect(() => {
    void signOut().then(() => window.location.assign(PATHS.login));
  }, []);
  return <PageLoader />;
}
