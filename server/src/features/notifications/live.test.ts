import {
  NOTIFICATION_TYPES,
  type NotificationView,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildUser } from "../../../test/factories.ts";
import { memberSocket } from "../../../test/sockets.ts";

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const socketFor = (cookie: string | undefined) => memberSocket(baseUrl, cookie, sockets);

describe("live notifications", () => {
  it("refuses a socket without a session", async () => {
    await expect(socketFor(undefined)).rejects.toThrow(/Not authenticated/);
  });

  it("delivers a like's notification to the author's connected socket, without polling", async () => {
    const author = await buildUser(t.ctx.db);
    const fan = await buildUser(t.ctx.db);
    const authorAgent = new Agent(t.app);
    await authorAgent.login(author.user.username, author.password);
    const fanAgent = new Agent(t.app);
    await fanAgent.login(fan.user.username, fan.password);
    const post = await buildPost(t.ctx.db, author.user.id);

    const socket = await socketFor(`aw_sid=${authorAgent.cookie("aw_sid")}`);
    const received = new Promise<NotificationView>((resolve) =>
      socket.once(USER_EVENTS.notification, resolve),
    );
    const like = await fanAgent.post("/api/auth/likePost", { postId: post.id, action: "like" });
    expect(like.statusCode).toBe(200);

    const n = await received;
    expect(NOTIFICATION_TYPES).toContain(n.type);
    expect(n).toMatchObject({
      type: "like-post",
      from: fan.user.username,
      fromId: fan.user.id,
      postid: post.id,
      read: false,
    });
  });

  it("does not deliver a member's notification to someone else's socket", async () => {
    const author = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const fan = await buildUser(t.ctx.db);
    const otherAgent = new Agent(t.app);
    await otherAgent.login(other.user.username, other.password);
    const fanAgent = new Agent(t.app);
    await fanAgent.login(fan.user.username, fan.password);
    const authorAgent = new Agent(t.app);
    await authorAgent.login(author.user.username, author.password);
    const post = await buildPost(t.ctx.db, author.user.id);

    const otherSocket = await socketFor(`aw_sid=${otherAgent.cookie("aw_sid")}`);
    const authorSocket = await socketFor(`aw_sid=${authorAgent.cookie("aw_sid")}`);
    const leaked: NotificationView[] = [];
    otherSocket.on(USER_EVENTS.notification, (n: NotificationView) => leaked.push(n));
    const received = new Promise<NotificationView>((resolve) =>
      authorSocket.once(USER_EVENTS.notification, resolve),
    );
    await fanAgent.post("/api/auth/commentPost", { postid: post.id, comment: "nice" });
    expect((await received).type).toBe("comment");
    // The other member's socket got nothing by the time the recipient's did (same server, same emit).
    expect(leaked).toEqual([]);
  });

  it("answers a like that was committed even when its live push fails", async () => {
    const author = await buildUser(t.ctx.db);
    const fan = await buildUser(t.ctx.db);
    const fanAgent = new Agent(t.app);
    await fanAgent.login(fan.user.username, fan.password);
    const post = await buildPost(t.ctx.db, author.user.id);

    const publish = vi.spyOn(t.ctx.realtime, "publish").mockImplementation(() => {
      throw new Error("adapter down");
    });
    try {
      const like = await fanAgent.post("/api/auth/likePost", { postId: post.id, action: "like" });
      expect(like.statusCode).toBe(200);
      expect(like.json()).toMatchObject({ likeCount: 1, likedByMe: true });
      expect(publish).toHaveBeenCalledWith(USER_EVENTS.notification, expect.anything(), {
        room: userRoom(author.user.id),
      });
    } finally {
      publish.mockRestore();
    }
    const authorAgent = new Agent(t.app);
    await authorAgent.login(author.user.username, author.password);
    const stored = (await authorAgent.get("/api/auth/userNotifications")).json() as {
      notifications: NotificationView[];
    };
    expect(stored.notifications.map((n) => [n.type, n.fromId])).toEqual([
      ["like-post", fan.user.id],
    ]);
  });
});
