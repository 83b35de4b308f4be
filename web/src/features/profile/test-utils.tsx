import type { UserProfile } from "@airwave/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { mockFetch } from "../../test/fake-session.tsx";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";

export { json, me, mockFetch } from "../../test/fake-session.tsx";

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

/** The JSON bodies `fetch` sent to one path. */
export const bodiesSentTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls
    .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : init?.body));

const testQueryClient = () => signedInQueryClient();

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `path` inside the route /user/:djid, with the providers of the app. */
export function renderAt(ui: ReactElement, path: string, qc: QueryClient = testQueryClient()) {
  return {
    qc,
    ...render(
      <AppProviders qc={qc}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/user/:djid" element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}
