import { AUTH_ROUTES, STORAGE_KEYS, USERS_SELF_ROUTES } from "@airwave/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "./api.ts";

export const authStatusKey = ["auth", "status"] as const;
export const meKey = ["auth", "me"] as const;

export const fetchAuthStatus = () => call(AUTH_ROUTES.status);

/** The server's view of this browser's session (GET /checkauth). */
export function useAuthStatus() {
  return useQuery({ queryKey: authStatusKey, queryFn: fetchAuthStatus, staleTime: 5_000 });
}

/** The signed-in member (GET /userdata), cached in local storage as the spec's `userdata`. */
export function useMe() {
  const status = useAuthStatus();
  return useQuery({
    queryKey: meKey,
    enabled: status.data?.authenticated === true,
    queryFn: async () => {
      const me = await call(USERS_SELF_ROUTES.userData);
      localStorage.setItem(STORAGE_KEYS.userdata, JSON.stringify(me));
      localStorage.setItem(STORAGE_KEYS.userId, me._id);
      return me;
    },
    staleTime: 60_000,
  });
}

/** Forgets everything the browser kept about the member (logout, ban). */
export function clearStoredSession() {
  for (const key of [
    STORAGE_KEYS.userId,
    STORAGE_KEYS.userdata,
    STORAGE_KEYS.redirectAfterLogin,
    "token",
  ]) {
    localStorage.removeItem(key);
  }
}

export function saveRedirectAfterLogin(path: string) {
  localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, path);
}

export function takeRedirectAfterLogin(): string {
  const path = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  // Only same-site paths: never an absolute URL an attacker could have planted.
  return path?.startsWith("/") && !path.startsWith("//") ? path : "/";
}
