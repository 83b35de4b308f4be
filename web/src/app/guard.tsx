import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { type Location, useLocation, useNavigate } from "react-router";
import { PageLoader } from "../ui/PageLoader.tsx";
import { decideNavigation } from "./guard-logic.ts";
import { authStatusKey, fetchAuthStatus, saveRedirectAfterLogin } from "./session.ts";

/**
 * Runs the navigation guard on every location change. The routes are rendered for the last location
 * the guard let through, so a protected page never renders before the check has passed.
 */
export function RouteGuard({ children }: { children: (location: Location) => ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [allowed, setAllowed] = useState<Location | null>(null);

  useEffect(() => {
    let cancelled = false;
    const fullPath = `${location.pathname}${location.search}${location.hash}`;
    queryClient
      .fetchQuery({ queryKey: authStatusKey, queryFn: fetchAuthStatus, staleTime: 5_000 })
      .catch(() => undefined)
      .then((status) => {
        if (cancelled) return;
        const decision = decideNavigation({ pathname: location.pathname, fullPath }, status);
        if (decision.kind === "proceed") {
          // Rendered in slices (a transition): the page's first render is no long task.
          startTransition(() => setAllowed(location));
          return;
        }
        if (decision.saveRedirect) saveRedirectAfterLogin(decision.saveRedirect);
        navigate(decision.to, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [location, navigate, queryClient]);

  return allowed ? children(allowed) : <PageLoader />;
}
