import {
  ADMIN_API,
  ADMIN_POSTS_LIMITS,
  ADMIN_POSTS_MESSAGES,
  type AdminPostReportsAnswer,
  type AdminPostsAnswer,
  POST_MESSAGES,
} from "@airwave/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { buildComment, buildPost } from "../../../../test/factories/posts.ts";
import { buildReport } from "../../../../test/factories/reports.ts";
import {
  type BuiltUser,
  buildAdmin,
  buildBannedUser,
  buildModerator,
  buildUser,
} from "../../../../test/factories.ts";
import { type SignedInMember, signInMember } from "../../../../test/members.ts";
import { posts } from "../../posts/schema.ts";

const MIN = 60_000;

let t: TestApp;
let admin: SignedInMember;
let author: BuiltUser;
/** Ten members who report posts. */
let reporters: BuiltUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInMember(t, buildAdmin);
  author = await buildUser(t.ctx.db, { profileimage: "/uploads/profile/author.png" });
  reporters = [];
  for (let i = 0; i < 10; i++) reporters.push(await buildUser(t.ctx.db));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(posts);
});

async function list(query: Record<string, string> = {}): Promise<AdminPostsAnswer> {
  const res = await admin.agent.get(ADMIN_API.posts, query);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A post by the author, `ageMin` minutes old, reported by the first `reports` reporters. */
async function postWithReports(
  ageMin: number,
  reports: number,
  reason: "spam" | "hate" | "nudity" = "spam",
) {
  const post = await buildPost(t.ctx.db, author.user.id, {
    ageMs: ageMin * MIN,
    text: `Post ${ageMin}`,
  });
  for (let i = 0; i < reports; i++) {
    const reporter = reporters[i];
    if (!reporter) throw new Error("not enough reporters");
    await buildReport(t.ctx.db, post.id, reporter.user.id, { reason, ageMs: ageMin * MIN });
  }
  return post;
}

describe("GET admin posts: all posts", () => {
  it("pages every post 12 at a time, newest first, with the total and the author", async () => {
    const made = [];
    for (let i = 0; i < 13; i++) made.push(await postWithReports(i + 1, 0));
    const banned = await buildBannedUser(t.ctx.db);
    const hiddenAuthorsPost = await buildPost(t.ctx.db, banned.user.id, { ageMs: 30 * MIN });

    const first = await list({ view: "all" });
    expect(first.total).toBe(14);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(ADMIN_POSTS_LIMITS.pageSize);
    expect(first.pageSize).toBe(12);
    expect(first.posts.map((p) => p.post)).toEqual(made.slice(0, 12).map((p) => p.text));

    const second = await list({ view: "all", page: "2" });
    expect(second.page).toBe(2);
    // A banned member's post stays visible to the Admin, oldest last.
    expect(second.posts.map((p) => p.id)).toEqual([made[12]?.id, hiddenAuthorsPost.id]);

    expect(await list({ page: "3" })).toMatchObject({ posts: [], total: 14, page: 3 });
  });

  it("answers each post's author, text, image, date and counts", async () => {
    const post = await buildPost(t.ctx.db, author.user.id, {
      text: "Check the new mix",
      image: "/uploads/posts/mix.jpg",
      likeCount: 4,
    });
    await buildComment(t.ctx.db, post.id, reporters[0]?.user.id ?? "");
    await t.ctx.db.update(posts).set({ commentCount: 1 });
    await buildReport(t.ctx.db, post.id, reporters[0]?.user.id ?? "", { reason: "spam" });
    await buildReport(t.ctx.db, post.id, reporters[1]?.user.id ?? "", { reason: "hate" });
    await buildReport(t.ctx.db, post.id, reporters[2]?.user.id ?? "", { reason: "spam" });

    const { posts: rows } = await list();
    expect(rows).toEqual([
      {
        _id: post.id,
        id: post.id,
        username: author.user.username,
        userId: author.user.id,
        profileimage: "/uploads/profile/author.png",
        post: "Check the new mix",
        image: "/uploads/posts/mix.jpg",
        date: post.createdAt.toISOString(),
        likeCount: 4,
        commentCount: 1,
        reportCount: 3,
        reasons: ["spam", "hate"],
      },
    ]);
  });
});

describe("GET admin posts: reported only", () => {
  it("lists only reported posts, most reported first, then newest, with the reports made through the API", async () => {
    const unreported = await postWithReports(1, 0);
    const oldOnce = await postWithReports(50, 1);
    const newOnce = await postWithReports(5, 1);
    const thrice = await postWithReports(40, 3);
    // Two members report through the real call: the count is of distinct reporters.
    const viaApi = await postWithReports(60, 0);
    for (const r of reporters.slice(0, 2)) {
      const agent = new Agent(t.app);
      await agent.login(r.user.username, r.password);
      const res = await agent.post("/api/auth/reportPost", {
        postId: viaApi.id,
        reason: "harassment",
        detail: "Keeps insulting people",
      });
      expect(res.statusCode).toBe(200);
    }

    const page = await list({ view: "reported" });
    expect(page.total).toBe(4);
    expect(page.posts.map((p) => [p.id, p.reportCount])).toEqual([
      [thrice.id, 3],
      [viaApi.id, 2],
      [newOnce.id, 1],
      [oldOnce.id, 1],
    ]);
    expect(page.posts.map((p) => p.id)).not.toContain(unreported.id);
    expect(page.posts[1]?.reasons).toEqual(["harassment"]);
  });

  it("filters by the minimum report count", async () => {
    await postWithReports(1, 1);
    const four = await postWithReports(2, 4);
    const ten = await postWithReports(3, 10);

    expect((await list({ view: "reported", min: "4" })).posts.map((p) => p.id)).toEqual([
      ten.id,
      four.id,
    ]);
    expect(await list({ view: "reported", min: "10" })).toMatchObject({
      total: 1,
      posts: [{ id: ten.id, reportCount: 10 }],
    });
    expect(await list({ view: "reported", min: "11" })).toMatchObject({ total: 0, posts: [] });
    // An empty minimum is the default, 1.
    expect((await list({ view: "reported", min: "" })).total).toBe(3);
  });

  it("filters by reason: posts with at least one report giving it, together with the minimum", async () => {
    const spam = await postWithReports(1, 2, "spam");
    const hate = await postWithReports(2, 1, "hate");
    const mixed = await postWithReports(3, 3, "nudity");
    await buildReport(t.ctx.db, mixed.id, reporters[5]?.user.id ?? "", { reason: "hate" });

    expect((await list({ view: "reported", reason: "hate" })).posts.map((p) => p.id)).toEqual([
      mixed.id,
      hate.id,
    ]);
    expect(
      (await list({ view: "reported", reason: "hate", min: "2" })).posts.map((p) => p.id),
    ).toEqual([mixed.id]);
    expect((await list({ view: "reported", reason: "spam" })).posts.map((p) => p.id)).toEqual([
      spam.id,
    ]);
    expect(await list({ view: "reported", reason: "violence" })).toMatchObject({
      total: 0,
      posts: [],
    });
    // "All" reasons: the parameter left empty.
    expect((await list({ view: "reported", reason: "" })).total).toBe(3);
  });

  it("pages the reported view 12 at a time", async () => {
    for (let i = 0; i < 14; i++) await postWithReports(i + 1, 1);
    const first = await list({ view: "reported" });
    const second = await list({ view: "reported", page: "2" });
    expect(first).toMatchObject({ total: 14, page: 1 });
    expect(first.posts).toHaveLength(12);
    expect(second.posts.map((p) => p.post)).toEqual(["Post 13", "Post 14"]);
  });

  it.each([
    ["0", ADMIN_POSTS_MESSAGES.minReportsInvalid],
    ["-3", ADMIN_POSTS_MESSAGES.minReportsInvalid],
    ["1.5", ADMIN_POSTS_MESSAGES.minReportsInvalid],
    ["many", ADMIN_POSTS_MESSAGES.minReportsInvalid],
  ])("refuses the minimum %s with 400 and its message", async (min, message) => {
    const res = await admin.agent.get(ADMIN_API.posts, { view: "reported", min });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it("refuses an unknown reason, view or page with 400", async () => {
    const queries: Record<string, string>[] = [
      { reason: "boring" },
      { view: "mine" },
      { page: "0" },
    ];
    for (const query of queries) {
      const res = await admin.agent.get(ADMIN_API.posts, query);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
  });
});

describe("GET admin post reports", () => {
  it("answers the post and its reports, newest first, with reporter, reason, detail and date", async () => {
    const post = await postWithReports(1, 0);
    const [a, b] = reporters;
    if (!a || !b) throw new Error("reporters missing");
    const older = await buildReport(t.ctx.db, post.id, a.user.id, {
      reason: "nudity",
      ageMs: 10 * MIN,
    });
    const newer = await buildReport(t.ctx.db, post.id, b.user.id, {
      reason: "other",
      detail: "Looks like a scam link",
    });

    const res = await admin.agent.get(ADMIN_API.postReports(post.id));
    expect(res.statusCode).toBe(200);
    const body: AdminPostReportsAnswer = res.json();
    expect(body.post).toMatchObject({
      id: post.id,
      username: author.user.username,
      reportCount: 2,
      reasons: ["nudity", "other"],
    });
    expect(body.reports).toEqual([
      {
        user: { username: b.user.username, profileimage: b.user.profileimage },
        reason: "other",
        detail: "Looks like a scam link",
        date: newer.createdAt.toISOString(),
      },
      {
        user: { username: a.user.username, profileimage: a.user.profileimage },
        reason: "nudity",
        detail: "",
        date: older.createdAt.toISOString(),
      },
    ]);
  });

  it("answers an empty report list for a post nobody reported, and 404 for an unknown post", async () => {
    const post = await postWithReports(1, 0);
    const ok = await admin.agent.get(ADMIN_API.postReports(post.id));
    expect(ok.json()).toMatchObject({ post: { id: post.id, reportCount: 0 }, reports: [] });

    const missing = await admin.agent.get(ADMIN_API.postReports("no-such-post"));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_MESSAGES.notFound });
  });
});

describe("deleting a reported post", () => {
  it("an Admin deletes any member's post with the posts call: gone from the lists and the profile", async () => {
    const post = await postWithReports(1, 3);
    const keep = await postWithReports(2, 1);

    const res = await admin.agent.post("/api/auth/deletePost", { postid: post.id });
    expect(res.statusCode).toBe(200);

    expect((await list({ view: "reported" })).posts.map((p) => p.id)).toEqual([keep.id]);
    expect((await list()).total).toBe(1);
    expect((await admin.agent.get(ADMIN_API.postReports(post.id))).statusCode).toBe(404);
    const profile = await admin.agent.get("/api/auth/userPosts", { id: author.user.id });
    expect(profile.json().posts.map((p: { _id: string }) => p._id)).toEqual([keep.id]);
  });
});

describe("who may call", () => {
  it("a visitor gets 401, a member and a Moderator 403, with nothing revealed", async () => {
    const post = await postWithReports(1, 2);
    const visitor = new Agent(t.app);
    const member = await signInMember(t, buildUser);
    const moderator = await signInMember(t, buildModerator);
    for (const url of [ADMIN_API.posts, ADMIN_API.postReports(post.id)]) {
      expect((await visitor.get(url)).statusCode).toBe(401);
      for (const who of [member, moderator]) {
        const res = await who.agent.get(url, { view: "reported" });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain(post.id);
      }
    }
  });
});
