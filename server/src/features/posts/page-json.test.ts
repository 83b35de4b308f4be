import type { FeedPage, PostView } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { users } from "../users/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Everything a hand-built JSON text could get wrong: quotes, backslashes, newlines, emoji, tags. */
const NASTY =
  'say "hi" \\ back\\slash\nnew line\r\ttab 🎧👩🏽‍🎤 </script><script>alert(1)</script> \u2028 é';

describe("the feed's JSON built by PostgreSQL (view_json)", () => {
  it("round-trips text, a share caption, a comment and a changed picture with quotes, backslashes, newlines, emoji and </script>", async () => {
    const author = await signInMember(t, buildUser);
    const sharer = await signInMember(t, buildUser);
    const original = await author.agent.post("/api/auth/userPost", { post: NASTY });
    expect(original.statusCode).toBe(201);
    const originalId = (original.json() as PostView)._id;
    const share = await sharer.agent.post("/api/auth/sharePost", {
      originalPostId: originalId,
      caption: NASTY,
    });
    expect(share.statusCode).toBe(201);
    const comment = await sharer.agent.post("/api/auth/commentPost", {
      postid: originalId,
      comment: NASTY,
    });
    expect(comment.statusCode).toBe(201);
    // A picture path with a quote and a backslash reaches every post's kept JSON through the trigger.
    const picture = '/uploads/a"b\\c.png';
    await t.ctx.db.update(users).set({ profileimage: picture }).where(eq(users.id, author.user.id));

    const res = await sharer.agent.get("/api/auth/getFeed", { limit: "50" });
    expect(res.statusCode).toBe(200);
    const feed = JSON.parse(res.body) as FeedPage;
    const byId = new Map(feed.posts.map((p) => [p._id, p]));
    const post = byId.get(originalId);
    const shared = byId.get((share.json() as PostView)._id);
    expect(post).toMatchObject({ post: NASTY, profileimage: picture, userImage: picture });
    expect(post?.comments.map((c) => c.content)).toEqual([NASTY]);
    expect(shared).toMatchObject({ type: "share", shareCaption: NASTY });
    expect(shared?.originalResolved).toMatchObject({ _id: originalId, post: NASTY });
    expect(shared?.originalResolved?.profileimage).toBe(picture);
  });
});
