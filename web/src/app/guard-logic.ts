import {
  type AuthStatus,
  isGuardSkipped,
  isProtectedPath,
  isVisitorOnlyPath,
  PATHS,
} from "@airwave/contracts";

type GuardDecision = { kind: "proceed" } | { kind: "redirect"; to: string; saveRedirect?: string };

/**
 * The navigation guard of community spec section 2, as a pure function of the target and the
 * server's answer (`undefined` status means the auth check itself failed).
 */
export function decideNavigation(
  target: { pathname: string; fullPath: string },
  status: AuthStatus | undefined,
): GuardDecision {
  if (isGuardSkipped(target.pathname)) return { kind: "proceed" };
  const protectedPath = isProtectedPath(target.pathname);
  if (!status) {
    return protectedPath
      ? { kind: "redirect", to: PATHS.login, saveRedirect: target.fullPath }
      : { kind: "proceed" };
  }
  // The page shows the server's status itself (useAuthStatus), never words from its URL.
  if (status.banned) return { kind: "redirect", to: PATHS.banned };
  if (protectedPath && !status.authenticated) {
    return { kind: "redirect", to: PATHS.login, saveRedirect: target.fullPath };
  }
  if (isVisitorOnlyPath(target.pathname) && status.authenticated)
    return { kind: "redirect", to: PATHS.home };
  return { kind: "proceed" };
}
