import type { AuthStatus, UserData, UserProfile } from "@airwave/contracts";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { authStatusKey, meKey } from "../../app/session.ts";
import { theme } from "../../app/theme.ts";

export const me: UserData = {
  _id: "u-me",
  id: "u-me",
  username: "alice",
  role: "user",
  isDj: false,
  profileimage: "/images/default.webp",
  date: "2026-01-01T00:00:00.000Z",
};

export function makeProfile(over: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: "u-bob",
    id: "u-bob",
    username: "bob",
    profileimage: "/images/default.webp",
    role: "user",
    isDj: false,
    coverphoto: null,
    bio: "",
    age: null,
    location: "",
    sex: "",
    interests: "",
    facebook: "",
    twitter: "",
    instagram: "",
    customLinks: [],
    nameTagStyling: null,
    isPrivate: false,
    date: "2026-01-01T00:00:00.000Z",
    followersCount: 0,
    followingCount: 0,
    photosCount: 0,
    isFollowing: false,
    followsMe: false,
    blockedByMe: false,
    hasBlockedMe: false,
    limited: false,
    requestedByMe: false,
    hasRequestedToFollowMe: false,
    ...over,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export type Handler = (req: {
  path: string;
  method: string;
  body: unknown;
  url: URL;
}) => Response | Promise<Response>;

/** Stubs `fetch`: CSRF token and session answer themselves; every other call goes to `handler`. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const path = url.pathname;
    if (path === "/api/auth/authRequest") return json({ csrfToken: "tok" });
    if (path === "/api/auth/userdata") return json(me);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
    return handler({ path, method: init.method ?? "GET", body, url });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The JSON bodies `fetch` sent to one path. */
export const bodiesSentTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls
    .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : init?.body));

export function testQueryClient() {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  qc.setQueryData(authStatusKey, {
    authenticated: true,
    banned: false,
    banReason: null,
    banExpiresAt: null,
    banKind: null,
  } satisfies AuthStatus);
  qc.setQueryData(meKey, me);
  return qc;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `path` inside the route /user/:djid, with the providers of the app. */
export function renderAt(ui: ReactElement, path: string, qc: QueryClient = testQueryClient()) {
  return {
    qc,
    ...render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/user/:djid" element={ui} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}
