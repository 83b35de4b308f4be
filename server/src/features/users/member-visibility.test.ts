import { MP3_ROUTES, routePath, USER_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildBannedUser, buildBlock, buildUser } from "../../../test/factories.ts";
import { type SignedInMember, signInMember } from "../../../test/members.ts";

/**
 * One visibility rule for every read of another member's things (issue 26, LOW): where the
 * profile answers 403 (a member who blocks the viewer; a banned member, to all but staff), the
 * member's card (`/userdata?id=`), their tracks (`/mp3/user/{id}`) and their posts (`/userPosts`)
 * answer the same 403 with the same message.
 */

let t: TestApp;
let viewer: SignedInMember;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await signInMember(t);
});
afterAll(() => t.close());

const reads = (id: string) => ({
  profile: () => viewer.agent.get("/api/auth/getUserProfileData", { id }),
  userdata: () => viewer.agent.get("/api/auth/userdata", { id }),
  tracks: () => viewer.agent.get(routePath(MP3_ROUTES.user.path, { id })),
  posts: () => viewer.agent.get("/api/auth/userPosts", { id }),
});

describe("mp3 user list of a blocker", () => {
  it("answers the profile's 403 and message, for a public and a private blocker", async () => {
    for (const isPrivate of [false, true]) {
      const blocker = await buildUser(t.ctx.db, { isPrivate });
      await buildBlock(t.ctx.db, blocker.user, viewer.user);
      const { profile, tracks } = reads(blocker.user.id);
      const closed = await profile();
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toMatchObject({ message: USER_MESSAGES.blockedProfile });
      const res = await tracks();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: USER_MESSAGES.blockedProfile });
    }
  });

  it("still lists the tracks of a member the viewer may see, and none of an unknown member", async () => {
    const other = await buildUser(t.ctx.db);
    expect((await reads(other.user.id).tracks()).statusCode).toBe(200);
    const unknown = await reads("no-such-member").tracks();
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ data: [] });
  });
});

describe("posts of a blocker", () => {
  it("answer the profile's 403 and message (not the private-profile one)", async () => {
    const blocker = await buildUser(t.ctx.db);
    await buildBlock(t.ctx.db, blocker.user, viewer.user);
    const res = await reads(blocker.user.id).posts();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: USER_MESSAGES.blockedProfile });
  });
});

describe("userdata of a blocker", () => {
  it("answers the profile's 403 and message instead of the blocker's card", async () => {
    const blocker = await buildUser(t.ctx.db, { bio: "keep out" });
    await buildBlock(t.ctx.db, blocker.user, viewer.user);
    const res = await reads(blocker.user.id).userdata();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: USER_MESSAGES.blockedProfile });
    expect(res.body).not.toContain(blocker.user.username);
  });

  it("answers a banned member's card as their profile does: 403 to a member", async () => {
    const banned = await buildBannedUser(t.ctx.db);
    const { profile, userdata, tracks, posts } = reads(banned.user.id);
    const expected = (await profile()).json();
    for (const read of [userdata, tracks, posts]) {
      const res = await read();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(expected);
    }
  });
});
