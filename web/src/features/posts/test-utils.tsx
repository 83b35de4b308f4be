import type { FeedPage, PostView } from "@airwave/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import type { mockFetch } from "../../test/fake-session.tsx";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";
import { postKeys } from "./cache.ts";

export { json, me, mockFetch } from "../../test/fake-session.tsx";

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

/** The calls `fetch` received for one path. */
export const callsTo = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls.filter(
    ([input]) => new URL(String(input), window.location.origin).pathname === path,
  );

export function testQueryClient(feed?: PostView[]) {
  // Seeded data stays as seeded: no background refetch overrides what a test set up.
  return signedInQueryClient((qc) => {
    if (feed) {
      qc.setQueryData(postKeys.feed, {
        pages: [{ posts: feed, nextCursor: null } satisfies FeedPage],
        pageParams: [undefined],
      });
    }
  }, true);
}

export function renderWith(ui: ReactElement, qc: QueryClient = testQueryClient()) {
  return {
    qc,
    ...render(
      <AppProviders qc={qc}>
        <MemoryRouter initialEntries={["/newsfeed"]}>{ui}</MemoryRouter>
      </AppProviders>,
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
