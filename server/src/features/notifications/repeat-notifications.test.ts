import {
  NOTIFICATIONS_ROUTES,
  type NotificationView,
  POSTS_ROUTES,
  SOCIAL_ROUTES,
} from "@airwave/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildComment, buildPost } from "../../../test/factories/posts.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock, systemClock } from "../../platform/clock.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.ctx.clock = systemClock;
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function notificationsOf(agent: Agent, type: string): Promise<NotificationView[]> {
  const res = await agent.get(NOTIFICATIONS_ROUTES.list.path);
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as NotificationView[]).filter((n) => n.type === type);
}

/** Calls `path` with each body in turn, every answer a success. */
async function cycle(agent: Agent, path: string, bodies: object[]) {
  for (const body of bodies) {
    const res = await agent.post(path, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
}

describe("Abuse limits: like/unlike and follow/unfollow cycles notify once per actor per target per day", () => {
  it("liking and unliking a post 5 times notifies its author once that day, and again the next day", async () => {
    const author = await signInMember(t);
    const fan = await signInMember(t);
    const post = await buildPost(t.ctx.db, author.user.id);
    const start = Date.now();
    t.ctx.clock = fixedClock(start);
    const like = { postId: post.id, action: "like" };
    const unlike = { postId: post.id, action: "unlike" };
    await cycle(fan.agent, POSTS_ROUTES.like.path, Array(5).fill([like, unlike]).flat());
    await cycle(fan.agent, POSTS_ROUTES.like.path, [like]);
    const today = await notificationsOf(author.agent, "like-post");
    expect(today.map((n) => n.fromId)).toEqual([fan.user.id]);
    // The like itself still counts.
    const likes = await fan.agent.get(POSTS_ROUTES.likes.path, { postId: post.id });
    expect(likes.statusCode).toBe(200);
    expect(JSON.stringify(likes.json())).toContain(fan.user.username);

    t.ctx.clock = fixedClock(start + DAY_MS);
    await cycle(fan.agent, POSTS_ROUTES.like.path, [unlike, like]);
    expect(await notificationsOf(author.agent, "like-post")).toHaveLength(2);
  });

  it("liking and unliking a comment 5 times notifies its author once", async () => {
    const author = await signInMember(t);
    const commenter = await signInMember(t);
    const fan = await signInMember(t);
    const post = await buildPost(t.ctx.db, author.user.id);
    const comment = await buildComment(t.ctx.db, post.id, commenter.user.id);
    const body = (action: string) => ({ postId: post.id, commentId: comment.id, action });
    await cycle(
      fan.agent,
      POSTS_ROUTES.likeComment.path,
      Array(5)
        .fill([body("like"), body("unlike")])
        .flat(),
    );
    expect(await notificationsOf(commenter.agent, "like-comment")).toHaveLength(1);
  });

  it("following and unfollowing 5 times notifies the member once that day, and again the next day", async () => {
    const dj = await signInMember(t);
    const fan = await signInMember(t);
    const start = Date.now();
    t.ctx.clock = fixedClock(start);
    const follow = { followed: dj.user.id };
    for (let i = 0; i < 5; i++) {
      await cycle(fan.agent, SOCIAL_ROUTES.follow.path, [follow]);
      await cycle(fan.agent, SOCIAL_ROUTES.unfollow.path, [follow]);
    }
    await cycle(fan.agent, SOCIAL_ROUTES.follow.path, [follow]);
    expect(await notificationsOf(dj.agent, "follow")).toHaveLength(1);
    const following = await fan.agent.get(SOCIAL_ROUTES.following.path, { userId: fan.user.id });
    expect(following.statusCode).toBe(200);
    expect(JSON.stringify(following.json())).toContain(dj.user.id);

    t.ctx.clock = fixedClock(start + DAY_MS);
    await cycle(fan.agent, SOCIAL_ROUTES.unfollow.path, [follow]);
    await cycle(fan.agent, SOCIAL_ROUTES.follow.path, [follow]);
    expect(await notificationsOf(dj.agent, "follow")).toHaveLength(2);
  });
});
