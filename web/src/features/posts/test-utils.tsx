import type { AuthStatus, FeedPage, PostView, UserData } from "@airwave/contracts";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { authStatusKey, meKey } from "../../app/session.ts";
import { theme } from "../../app/theme.ts";
import { postKeys } from "./cache.ts";

export const me: UserData = {
  _id: "u-me",
  id: "u-me",
  username: "alice",
  role: "user",
  isDj: false,
  profileimage: "/images/default.webp",
  date: "2026-01-01T00:00:00.000Z",
};

export function makePost(over: Partial<PostView> = {}): PostView {
  const id = over.postid ?? over._id ?? "p1";
  return {
    _id: id,
    postid: id,
    post: "Hello there",
    image: null,
    date: new Date().toISOString(),
    updatedAt: null,
    username: "bob",
    profileimage: "/images/default.webp",
    userImage: "/images/default.webp",
    postOwner: "u-bob",
    userid: "u-bob",
    profileOwner: "u-bob",
    profileOwnerUsername: "bob",
    type: "post",
    shareCaption: null,
    originalPost: null,
    originalResolved: null,
    likes: [],
    likeCount: 0,
    likedByMe: false,
    comments: [],
    commentCount: 0,
    reportedByMe: false,
    music: null,
    ...over,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export type Handler = (req: {
  path: string;
  init: RequestInit;
  url: URL;
}) => Response | Promise<Response>;

/**
 * Stubs `fetch`: the CSRF token and the session answer themselves; every other call goes to
 * `handler`. Returns the mock so tests can read the calls.
 */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const path = url.pathname;
    if (path === "/api/auth/authRequest") return json({ csrfToken: "tok" });
    if (path === "/api/auth/checkauth") {
      const status: AuthStatus = {
        authenticated: true,
        banned: false,
        banReason: null,
        banExpiresAt: null,
        banKind: null,
      };
      return json(status);
    }
    if (path === "/api/auth/userdata") return json(me);
    return handler({ path, init, url });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The calls `fetch` received for one path. */
export const callsTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls.filter(
    ([input]) => new URL(String(input), window.location.origin).pathname === path,
  );

export function testQueryClient(feed?: PostView[]) {
  const qc = new QueryClient({
    defaultOptions: {
      // Seeded data stays as seeded: no background refetch overrides what a test set up.
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  qc.setQueryData(authStatusKey, {
    authenticated: true,
    banned: false,
    banReason: null,
    banExpiresAt: null,
    banKind: null,
  } satisfies AuthStatus);
  qc.setQueryData(meKey, me);
  if (feed) {
    qc.setQueryData(postKeys.feed, {
      pages: [{ posts: feed, nextCursor: null } satisfies FeedPage],
      pageParams: [undefined],
    });
  }
  return qc;
}

export function renderWith(ui: ReactElement, qc: QueryClient = testQueryClient()) {
  return {
    qc,
    ...render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={["/newsfeed"]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}

/** A promise the test resolves when it wants the server to answer. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
