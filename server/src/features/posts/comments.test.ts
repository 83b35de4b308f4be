import { POST_MESSAGES, type PostView } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildComment, buildPost } from "../../../test/factories/posts.ts";
import { buildModerator } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = () => signInMember(t);

describe("comments", () => {
  it("adds a comment, counts it, notifies the post's author and lists it on the post", async () => {
    const author = await member();
    const fan = await member();
    const post = await buildPost(t.ctx.db, author.user.id);
    const res = await fan.agent.post("/api/auth/commentPost", {
      postid: post.id,
      comment: "  Tune!  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      comment: "Tune!",
      username: fan.user.username,
      likeCount: 0,
    });
    const view = (await author.agent.get(`/api/auth/post/${post.id}`)).json() as PostView;
    expect(view.commentCount).toBe(1);
    expect(view.comments.map((c) => c.comment)).toEqual(["Tune!"]);
    const notes = (await author.agent.get("/api/auth/userNotifications")).json().notifications;
    expect(notes[0]).toMatchObject({ type: "comment", from: fan.user.username, postid: post.id });
  });

  it("refuses an empty comment", async () => {
    const a = await member();
    const post = await buildPost(t.ctx.db, a.user.id);
    const res = await a.agent.post("/api/auth/commentPost", { postid: post.id, comment: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.commentEmpty);
  });

  it("lets only the comment's author edit; author, post author or moderator delete", async () => {
    const postAuthor = await member();
    const commenter = await member();
    const stranger = await member();
    const post = await buildPost(t.ctx.db, postAuthor.user.id);
    const c1 = await buildComment(t.ctx.db, post.id, commenter.user.id);
    const edit = (agent: Agent) =>
      agent.post("/api/auth/updateComment", {
        postId: post.id,
        commentId: c1.id,
        content: "edited",
      });
    expect((await edit(postAuthor.agent)).statusCode).toBe(403);
    expect((await edit(commenter.agent)).json()).toMatchObject({ content: "edited" });

    const del = (agent: Agent, commentId: string) =>
      agent.post("/api/auth/deleteComment", { postId: post.id, commentId });
    const strangerTry = await del(stranger.agent, c1.id);
    expect(strangerTry.statusCode).toBe(403);
    expect(strangerTry.json().message).toBe(POST_MESSAGES.notAllowedDelete);
    expect((await del(postAuthor.agent, c1.id)).statusCode).toBe(200);
    const c2 = await buildComment(t.ctx.db, post.id, commenter.user.id);
    const mod = await buildModerator(t.ctx.db);
    const modAgent = new Agent(t.app);
    await modAgent.login(mod.user.username, mod.password);
    expect((await del(modAgent, c2.id)).statusCode).toBe(200);
    expect((await del(modAgent, c2.id)).statusCode).toBe(404);
  });

  it("likes a comment once, lists likers, and notifies its author", async () => {
    const commenter = await member();
    const fan = await member();
    const post = await buildPost(t.ctx.db, commenter.user.id);
    const c = await buildComment(t.ctx.db, post.id, commenter.user.id);
    const like = () =>
      fan.agent.post("/api/auth/likeComment", { postId: post.id, commentId: c.id, action: "like" });
    await Promise.all([like(), like()]);
    const list = (
      await commenter.agent.get("/api/auth/commentLikes", { postId: post.id, commentId: c.id })
    ).json();
    expect(list.total).toBe(1);
    expect(list.users.map((u: { username: string }) => u.username)).toEqual([fan.user.username]);
    const notes = (await commenter.agent.get("/api/auth/userNotifications")).json().notifications;
    expect(notes.filter((n: { type: string }) => n.type === "like-comment")).toHaveLength(1);
    const unlike = await fan.agent.post("/api/auth/likeComment", {
      postId: post.id,
      commentId: c.id,
      action: "unlike",
    });
    expect(unlike.json()).toEqual({ likeCount: 0, likedByMe: false });
  });
});
