import { CHAT_LIMITS, CHAT_ROUTES, CHAT_STORAGE } from "@airwave/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/api.ts";

/** The version this web app was built as (the build writes the same value to build-version.json). */
const WEB_BUILD_VERSION: string = import.meta.env.VITE_BUILD_VERSION ?? "dev";

export interface BuildInfo {
  version: string;
  title?: string;
  description?: string;
}

/** A newer build is being served when both versions are known and they differ. */
export function isUpdateAvailable(current: string, served: string | undefined | null): boolean {
  if (!served || served === "dev" || !current || current === "dev") return false;
  return served !== current;
}

/**
 * The update check (chat spec 4): GET /api/build-version on mount and every 10 s. Answers the
 * served build when it differs from this one. Off in development (no build to compare).
 */
export function useUpdateCheck(
  current: string = WEB_BUILD_VERSION,
  enabled = !import.meta.env.DEV,
) {
  const query = useQuery({
    queryKey: ["build-version"],
    queryFn: ({ signal }) => call(CHAT_ROUTES.buildVersion, { signal }),
    enabled,
    refetchInterval: CHAT_LIMITS.buildCheckEveryMs,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const served = query.data;
  return served && isUpdateAvailable(current, served.version) ? served : null;
}

/** Clears the browser's caches of this site and reloads onto the new build. */
export async function clearCacheAndReload(version: string) {
  try {
    if (typeof caches !== "undefined") {
      for (const key of await caches.keys()) await caches.delete(key);
    }
  } catch {
    // No Cache Storage here: the reload still fetches the new build.
  }
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
    for (const r of registrations) await r.unregister();
  } catch {
    // No service worker.
  }
  try {
    localStorage.setItem(CHAT_STORAGE.buildVersion, version);
  } catch {
    // Storage disabled.
  }
  window.location.reload();
}
