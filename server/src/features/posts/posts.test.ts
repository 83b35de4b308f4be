import { POST_LIMITS, POST_MESSAGES, type PostView, USER_MESSAGES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildModerator, buildUser } from "../../../test/factories.ts";
import { noise } from "../../../test/images.ts";
import { signInMember } from "../../../test/members.ts";
import { blocks, follows } from "../social/schema.ts";
import { saveImageUpload } from "../uploads/service.ts";
import { users } from "../users/schema.ts";
import { posts } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (overrides: Parameters<typeof buildUser>[1] = {}) =>
  signInMember(t, buildUser, overrides);

describe("creating, editing and deleting posts", () => {
  it("creates a text post and a post with a SoundCloud link (embed found)", async () => {
    const a = await member();
    const res = await a.agent.post("/api/auth/userPost", {
      post: "Listen https://soundcloud.com/dj/set-one",
    });
    expect(res.statusCode).toBe(201);
    const post = res.json() as PostView;
    expect(post).toMatchObject({ username: a.user.username, likeCount: 0, type: "post" });
    expect(post.music?.provider).toBe("soundcloud");
    expect(post.music?.embedUrl).toContain("w.soundcloud.com/player");
  });

  it("refuses an empty post and one over 500 characters, writing nothing", async () => {
    const a = await member();
    const empty = await a.agent.post("/api/auth/userPost", { post: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(POST_MESSAGES.empty);
    const long = await a.agent.post("/api/auth/userPost", {
      post: "x".repeat(POST_LIMITS.textMax + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(POST_MESSAGES.tooLong);
    expect(await t.ctx.db.select().from(posts).where(eq(posts.authorId, a.user.id))).toHaveLength(
      0,
    );
  });

  it("lets only the author edit, and the author, the page owner or a moderator delete", async () => {
    const author = await member();
    const owner = await member();
    const stranger = await member();
    const mod = await buildModerator(t.ctx.db);
    const modAgent = new Agent(t.app);
    await modAgent.login(mod.user.username, mod.password);

    const onOwnersPage = (
      await author.agent.post("/api/auth/userPost", { post: "hi!", userid: owner.user.id })
    ).json();
    expect(onOwnersPage.profileOwner).toBe(owner.user.id);

    const byOwner = await owner.agent.post("/api/auth/updatePost", {
      postid: onOwnersPage._id,
      post: "edited",
    });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe(POST_MESSAGES.notAllowedEdit);
    const byAuthor = await author.agent.post("/api/auth/updatePost", {
      postid: onOwnersPage._id,
      post: "edited",
    });
    expect(byAuthor.json()).toMatchObject({ post: "edited" });
    expect(byAuthor.json().updatedAt).not.toBeNull();

    const strangerDelete = await stranger.agent.post("/api/auth/deletePost", {
      postid: onOwnersPage._id,
    });
    expect(strangerDelete.statusCode).toBe(403);
    expect(strangerDelete.json().message).toBe(POST_MESSAGES.notAllowedDelete);
    expect(
      (await owner.agent.post("/api/auth/deletePost", { postid: onOwnersPage._id })).statusCode,
    ).toBe(200);

    const second = await buildPost(t.ctx.db, author.user.id);
    expect((await modAgent.post("/api/auth/deletePost", { postid: second.id })).statusCode).toBe(
      200,
    );
    const third = await buildPost(t.ctx.db, author.user.id);
    expect((await author.agent.post("/api/auth/deletePost", { postid: third.id })).statusCode).toBe(
      200,
    );
    expect(
      await t.ctx.db.select().from(posts).where(eq(posts.authorId, author.user.id)),
    ).toHaveLength(0);
  });

  it("notifies the page owner of a post on their profile", async () => {
    const author = await member();
    const owner = await member();
    await author.agent.post("/api/auth/userPost", {
      post: "Happy birthday!",
      userid: owner.user.username,
    });
    const list = (await owner.agent.get("/api/auth/userNotifications")).json().notifications;
    expect(list[0]).toMatchObject({
      type: "post",
      from: author.user.username,
      fromId: author.user.id,
    });
  });
});

describe("who sees what", () => {
  it("the feed shows own, public and followed-private posts, never private-unfollowed or blocked", async () => {
    const viewer = await member();
    const pub = await buildUser(t.ctx.db);
    const priv = await buildUser(t.ctx.db, { isPrivate: true });
    const privFollowed = await buildUser(t.ctx.db, { isPrivate: true });
    const blocker = await buildUser(t.ctx.db);
    const blocked = await buildUser(t.ctx.db);
    await t.ctx.db
      .insert(follows)
      .values({ followerId: viewer.user.id, followedId: privFollowed.user.id });
    await t.ctx.db.insert(blocks).values([
      { blockerId: blocker.user.id, blockedId: viewer.user.id },
      { blockerId: viewer.user.id, blockedId: blocked.user.id },
    ]);
    const mine = await buildPost(t.ctx.db, viewer.user.id, { text: "mine" });
    const p1 = await buildPost(t.ctx.db, pub.user.id, { text: "public" });
    const p2 = await buildPost(t.ctx.db, priv.user.id, { text: "private" });
    const p3 = await buildPost(t.ctx.db, privFollowed.user.id, { text: "private followed" });
    const p4 = await buildPost(t.ctx.db, blocker.user.id, { text: "blocker" });
    const p5 = await buildPost(t.ctx.db, blocked.user.id, { text: "blocked" });

    const ids = (
      (await viewer.agent.get("/api/auth/getFeed", { limit: "50" })).json().posts as PostView[]
    ).map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, p1.id, p3.id]));
    for (const hidden of [p2.id, p4.id, p5.id]) expect(ids).not.toContain(hidden);

    expect((await viewer.agent.get(`/api/auth/post/${p2.id}`)).statusCode).toBe(404);
    expect((await viewer.agent.get(`/api/auth/post/${p4.id}`)).statusCode).toBe(404);
    const likeHidden = await viewer.agent.post("/api/auth/likePost", {
      postId: p2.id,
      action: "like",
    });
    expect(likeHidden.statusCode).toBe(404);
  });

  it("a private profile's posts are refused to non-followers with the spec's message", async () => {
    const viewer = await member();
    const priv = await buildUser(t.ctx.db, { isPrivate: true });
    await buildPost(t.ctx.db, priv.user.id);
    const res = await viewer.agent.get("/api/auth/userPosts", { id: priv.user.username });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.profilePrivate);
    await t.ctx.db.insert(follows).values({ followerId: viewer.user.id, followedId: priv.user.id });
    const after = await viewer.agent.get("/api/auth/userPosts", { id: priv.user.id });
    expect(after.json().posts).toHaveLength(1);
  });

  it("hides a banned member's posts from the feed", async () => {
    const viewer = await member();
    const banned = await buildUser(t.ctx.db);
    const post = await buildPost(t.ctx.db, banned.user.id);
    await t.ctx.db.update(users).set({ role: "banned" }).where(eq(users.id, banned.user.id));
    const ids = (
      (await viewer.agent.get("/api/auth/getFeed", { limit: "50" })).json().posts as PostView[]
    ).map((p) => p._id);
    expect(ids).not.toContain(post.id);
  });

  it("follows a member's later privacy change and ban on posts written before, shares included", async () => {
    const viewer = await member();
    const author = await member();
    const sharer = await buildUser(t.ctx.db);
    const post = await buildPost(t.ctx.db, author.user.id, {
      text: "before going private",
      ageMs: 1000,
    });
    const share = await buildPost(t.ctx.db, sharer.user.id, {
      type: "share",
      originalPostId: post.id,
    });
    const feed = async () =>
      ((await viewer.agent.get("/api/auth/getFeed", { limit: "50" })).json().posts as PostView[])
        .filter((p) => p._id === post.id || p._id === share.id)
        .map((p) => [p._id, p.originalResolved?._id ?? null]);

    expect(await feed()).toEqual([
      [share.id, post.id],
      [post.id, null],
    ]);
    expect((await author.agent.post("/api/auth/privacy/set", { isPrivate: true })).statusCode).toBe(
      200,
    );
    expect(await feed()).toEqual([[share.id, null]]);
    await author.agent.post("/api/auth/privacy/set", { isPrivate: false });
    expect(await feed()).toEqual([
      [share.id, post.id],
      [post.id, null],
    ]);
    await t.ctx.db.update(users).set({ role: "banned" }).where(eq(users.id, author.user.id));
    expect(await feed()).toEqual([[share.id, null]]);
    await t.ctx.db.update(users).set({ role: "user" }).where(eq(users.id, author.user.id));
    expect((await feed()).map(([id]) => id)).toEqual([share.id, post.id]);
  });

  it("pages the feed newest first with a cursor, without repeats", async () => {
    const viewer = await member({ isPrivate: false });
    for (let i = 0; i < 5; i++) await buildPost(t.ctx.db, viewer.user.id, { ageMs: i * 1000 });
    const first = (
      await viewer.agent.get("/api/auth/userPosts", { id: viewer.user.id, limit: "3" })
    ).json();
    expect(first.posts).toHaveLength(3);
    expect(first.nextCursor).toBeTruthy();
    const second = (
      await viewer.agent.get("/api/auth/userPosts", {
        id: viewer.user.id,
        limit: "3",
        before: first.nextCursor,
      })
    ).json();
    expect(second.posts).toHaveLength(2);
    const all = [...first.posts, ...second.posts].map((p: PostView) => p.date);
    expect(all).toEqual([...all].sort().reverse());
    expect(new Set([...first.posts, ...second.posts].map((p: PostView) => p._id)).size).toBe(5);
  });
});

describe("a post's author and page owner as shown", () => {
  it("a member's new picture shows at once on their posts in the feed and on their profile, and in shares of them", async () => {
    const a = await member();
    const b = await member();
    const own = (
      await a.agent.post("/api/auth/userPost", { post: "Before the new picture" })
    ).json();
    const share = await b.agent.post("/api/auth/sharePost", { originalPostId: own._id });
    expect(share.statusCode).toBe(201);

    const picture = await a.agent.postForm("/api/auth/uploadProfilePicture", {
      file: {
        filename: "me.png",
        contentType: "image/png",
        data: await noise(40, 30, 4).png().toBuffer(),
      },
    });
    expect(picture.statusCode).toBe(200);
    const url: string = picture.json().profileimage;

    const feed = (await b.agent.get("/api/auth/getFeed")).json().posts as PostView[];
    const mine = feed.find((p) => p._id === own._id);
    expect(mine).toMatchObject({ username: a.user.username, profileimage: url, userImage: url });
    const shared = feed.find((p) => p.originalPost === own._id);
    expect(shared?.originalResolved).toMatchObject({ _id: own._id, profileimage: url });
    const onProfile = (await b.agent.get("/api/auth/userPosts", { id: a.user.id })).json()
      .posts as PostView[];
    expect(onProfile.find((p) => p._id === own._id)).toMatchObject({ profileimage: url });
  });
});

describe("likes", () => {
  it("counts 50 parallel likes by 50 members as 50, and a member's double like once", async () => {
    const author = await buildUser(t.ctx.db);
    const post = await buildPost(t.ctx.db, author.user.id);
    const likers = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(
      likers.map((l) => l.agent.post("/api/auth/likePost", { postId: post.id, action: "like" })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.likeCount).toBe(50);

    const twice = await member();
    const [x, y] = await Promise.all([
      twice.agent.post("/api/auth/likePost", { postId: post.id, action: "like" }),
      twice.agent.post("/api/auth/likePost", { postId: post.id, action: "like" }),
    ]);
    expect([x?.json().likeCount, y?.json().likeCount]).toContain(51);
    const view = (await twice.agent.get(`/api/auth/post/${post.id}`)).json() as PostView;
    expect(view.likeCount).toBe(51);
    expect(view.likedByMe).toBe(true);
    expect(view.likes).toHaveLength(POST_LIMITS.hoverIdsMax);

    const unlike = await twice.agent.post("/api/auth/likePost", {
      postId: post.id,
      action: "unlike",
    });
    expect(unlike.json()).toEqual({ likeCount: 50, likedByMe: false });
  }, 60_000);

  it("lists likers 25 a page and notifies the author once per like", async () => {
    const author = await member();
    const post = await buildPost(t.ctx.db, author.user.id);
    const likers = await Promise.all(Array.from({ length: 27 }, () => member()));
    for (const l of likers)
      await l.agent.post("/api/auth/likePost", { postId: post.id, action: "like" });
    const page1 = (await author.agent.get("/api/auth/postLikes", { postId: post.id })).json();
    expect(page1.users).toHaveLength(POST_LIMITS.likesPageSize);
    expect(page1.total).toBe(27);
    const page2 = (
      await author.agent.get("/api/auth/postLikes", { postId: post.id, page: "2" })
    ).json();
    expect(page2.users.map((u: { username: string }) => u.username)).toEqual(
      likers.slice(25).map((l) => l.user.username),
    );
    const notes = (await author.agent.get("/api/auth/userNotifications")).json().notifications;
    expect(notes.filter((n: { type: string }) => n.type === "like-post")).toHaveLength(27);
  }, 60_000);
});

describe("shares and reports", () => {
  it("shares with a caption, shows the original, notifies its author; a share of a share shares the original", async () => {
    const author = await member();
    const sharer = await member();
    const third = await member();
    const original = await buildPost(t.ctx.db, author.user.id, { text: "the original" });
    const share = await sharer.agent.post("/api/auth/sharePost", {
      originalPostId: original.id,
      caption: "  must hear ",
    });
    expect(share.statusCode).toBe(201);
    expect(share.json()).toMatchObject({
      type: "share",
      shareCaption: "must hear",
      originalPost: original.id,
    });
    expect(share.json().originalResolved).toMatchObject({ _id: original.id, post: "the original" });
    const again = await third.agent.post("/api/auth/sharePost", {
      originalPostId: share.json()._id,
    });
    expect(again.json().originalPost).toBe(original.id);
    const notes = (await author.agent.get("/api/auth/userNotifications")).json().notifications;
    expect(notes.filter((n: { type: string }) => n.type === "share")).toHaveLength(2);

    const long = await sharer.agent.post("/api/auth/sharePost", {
      originalPostId: original.id,
      caption: "x".repeat(POST_LIMITS.shareCaptionMax + 1),
    });
    expect(long.json().message).toBe(POST_MESSAGES.captionTooLong);
  });

  it("takes one report per member per post and counts distinct reporters", async () => {
    const author = await buildUser(t.ctx.db);
    const post = await buildPost(t.ctx.db, author.user.id);
    const a = await member();
    const b = await member();
    const first = await a.agent.post("/api/auth/reportPost", {
      postId: post.id,
      reason: "spam",
      detail: "ads",
    });
    expect(first.json().message).toBe(POST_MESSAGES.reported);
    const dup = await a.agent.post("/api/auth/reportPost", { postId: post.id, reason: "hate" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(POST_MESSAGES.alreadyReported);
    await b.agent.post("/api/auth/reportPost", { postId: post.id, reason: "other" });
    const noReason = await b.agent.post("/api/auth/reportPost", {
      postId: post.id,
      reason: "boring",
    });
    expect(noReason.json().message).toBe(POST_MESSAGES.reportReasonRequired);
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.reportCount).toBe(2);
    const view = (await a.agent.get(`/api/auth/post/${post.id}`)).json() as PostView;
    expect(view.reportedByMe).toBe(true);
  });
});

describe("posts with images", () => {
  it("accepts only an image the member uploaded, and removes it with the post", async () => {
    const a = await member();
    const other = await member();
    const outside = await a.agent.post("/api/auth/userPost", {
      post: "look",
      image: "https://evil.example/x.png",
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(POST_MESSAGES.invalidFileType);
    const png = await noise(8, 8).png().toBuffer();
    const othersImage = await saveImageUpload(t.ctx, other.user.id, "temp", png);
    const stolen = await a.agent.post("/api/auth/userPost", {
      post: "mine now",
      image: othersImage.url,
    });
    expect(stolen.statusCode).toBe(400);
    const own = await saveImageUpload(t.ctx, a.user.id, "temp", png);
    const ok = await a.agent.post("/api/auth/userPost", { post: "", image: own.url });
    expect(ok.statusCode).toBe(201);
    expect((await a.agent.get(own.url)).statusCode).toBe(200);
    await a.agent.post("/api/auth/deletePost", { postid: ok.json()._id });
    expect((await a.agent.get(own.url)).statusCode).toBe(404);
  });
});
