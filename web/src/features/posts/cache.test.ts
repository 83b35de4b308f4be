import type { FeedPage, PostView } from "@airwave/contracts";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  allPosts,
  appendCommentInCache,
  insertPostInCache,
  postKeys,
  removeCommentFromCache,
  removePostFromCache,
} from "./cache.ts";
import { makePost } from "./test-utils.tsx";

const pages = (...lists: PostView[][]): InfiniteData<FeedPage, string | undefined> => ({
  pages: lists.map((posts) => ({ posts, nextCursor: null })),
  pageParams: lists.map(() => undefined),
});

const ids = (qc: QueryClient, key: readonly unknown[]) =>
  allPosts(qc.getQueryData<InfiniteData<FeedPage>>(key)).map((p) => p.postid);

describe("posts cache", () => {
  it("puts a new post at the top of the feed and of its profile's list only", () => {
    const qc = new QueryClient();
    qc.setQueryData(postKeys.feed, pages([makePost({ postid: "a" })], [makePost({ postid: "b" })]));
    qc.setQueryData(postKeys.user("Carol"), pages([makePost({ postid: "c" })]));
    qc.setQueryData(postKeys.user("u-dan"), pages([makePost({ postid: "d" })]));

    insertPostInCache(
      qc,
      makePost({ postid: "new", profileOwner: "u-carol", profileOwnerUsername: "carol" }),
    );

    expect(ids(qc, postKeys.feed)).toEqual(["new", "a", "b"]);
    expect(ids(qc, postKeys.user("Carol"))).toEqual(["new", "c"]);
    expect(ids(qc, postKeys.user("u-dan"))).toEqual(["d"]);
  });

  it("removes a deleted post and leaves its shares saying the original is gone", () => {
    const qc = new QueryClient();
    const original = makePost({ postid: "o" });
    const share = makePost({
      postid: "s",
      type: "share",
      originalPost: "o",
      originalResolved: original,
    });
    qc.setQueryData(postKeys.feed, pages([share, original]));
    qc.setQueryData(postKeys.detail("o"), original);

    removePostFromCache(qc, "o");

    const feed = allPosts(qc.getQueryData(postKeys.feed));
    expect(feed.map((p) => p.postid)).toEqual(["s"]);
    expect(feed[0]?.originalResolved).toBeNull();
    expect(qc.getQueryData(postKeys.detail("o"))).toBeUndefined();
  });

  it("counts comments added and removed, also where only a preview is cached", () => {
    const qc = new QueryClient();
    qc.setQueryData(postKeys.feed, pages([makePost({ postid: "p", commentCount: 5 })]));
    const comment = {
      _id: "c9",
      commentId: "c9",
      comment: "hi",
      content: "hi",
      username: "bob",
      userImage: "",
      user: "u-bob",
      date: "",
      updatedAt: null,
      likeCount: 0,
      likedByMe: false,
    };
    appendCommentInCache(qc, "p", comment);
    let post = allPosts(qc.getQueryData(postKeys.feed))[0];
    expect(post?.commentCount).toBe(6);
    expect(post?.comments.map((c) => c.commentId)).toEqual(["c9"]);

    removeCommentFromCache(qc, "p", "c1");
    post = allPosts(qc.getQueryData(postKeys.feed))[0];
    expect(post?.commentCount).toBe(5);
    expect(post?.comments).toHaveLength(1);
  });
});
