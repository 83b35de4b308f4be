import type { AuthStatus, UserData } from "@airwave/contracts";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { authStatusKey, meKey } from "../app/session.ts";
import { theme } from "../app/theme.ts";

/** The signed-in member of component tests. */
export const me: UserData = {
  _id: "u-me",
  id: "u-me",
  username: "alice",
  role: "user",
  isDj: false,
  profileimage: "/images/default.webp",
  date: "2026-01-01T00:00:00.000Z",
};

const signedIn: AuthStatus = {
  authenticated: true,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export type Handler = (req: {
  path: string;
  method: string;
  body: unknown;
  init: RequestInit;
  url: URL;
}) => Response | Promise<Response>;

/**
 * Stubs `fetch` for a signed-in member: the CSRF token, the auth status and `userdata` answer
 * themselves; every other call goes to `handler`. Returns the mock so tests can read the calls.
 */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const path = url.pathname;
    if (path === "/api/auth/authRequest") return json({ csrfToken: "tok" });
    if (path === "/api/auth/checkauth") return json(signedIn);
    if (path === "/api/auth/userdata") return json(me);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
    return handler({ path, method: init.method ?? "GET", body, init, url });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** A query client already holding the signed-in session; `seed` adds more cached data. */
export function signedInQueryClient(seed?: (qc: QueryClient) => void, staleForever = false) {
  const qc = new QueryClient({
    defaultOptions: {
      queries: { retry: false, ...(staleForever ? { staleTime: Number.POSITIVE_INFINITY } : {}) },
      mutations: { retry: false },
    },
  });
  qc.setQueryData(authStatusKey, signedIn);
  qc.setQueryData(meKey, me);
  seed?.(qc);
  return qc;
}

/** The app's providers around a component under test. */
export function AppProviders({ qc, children }: { qc: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
