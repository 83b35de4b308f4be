import {
  SOCIAL_MESSAGES,
  USER_LIMITS,
  USER_MESSAGES,
  type UserData,
  type UserProfile,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import {
  buildAdmin,
  buildBannedUser,
  buildBlock,
  buildFollow,
  buildFollowRequest,
  buildModerator,
  buildPrivateUser,
  buildUser,
} from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { users } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (build: typeof buildUser = buildUser, overrides = {}) =>
  signInMember(t, build, overrides);

const PROFILE = "/api/auth/getUserProfileData";
const PRIVATE_FIELDS = ["email", "passwordHash", "password", "loginIps", "lastLoginIp"];

const details = {
  bio: "Deep house on Fridays",
  age: 31,
  location: "Leeds",
  sex: "Female",
  interests: "house,vinyl",
  facebook: "fb.me/dj",
  twitter: "@dj",
  instagram: "@dj.ig",
  customLinks: ["mixcloud.com/dj"],
};

describe("GET /api/auth/getUserProfileData", () => {
  it("answers a public profile with counts, relation flags and details; never the e-mail", async () => {
    const viewer = await member();
    const { user: dj } = await buildUser(t.ctx.db, {
      ...details,
      isDj: true,
      coverphoto: "/c.webp",
    });
    const fans = await Promise.all([buildUser(t.ctx.db), buildUser(t.ctx.db)]);
    for (const f of fans) await buildFollow(t.ctx.db, f.user, dj);
    await buildFollow(t.ctx.db, viewer.user, dj);
    await buildFollow(t.ctx.db, dj, viewer.user);
    await buildPost(t.ctx.db, dj.id, { image: "/uploads/a.webp" });
    await buildPost(t.ctx.db, dj.id, { image: "/uploads/b.webp" });
    await buildPost(t.ctx.db, dj.id); // text only: not a photo
    await buildPost(t.ctx.db, viewer.user.id, { image: "/uploads/c.webp", profileOwnerId: dj.id });

    const res = await viewer.agent.get(PROFILE, { id: dj.id });
    expect(res.statusCode).toBe(200);
    const body: UserProfile = res.json();
    expect(body).toEqual({
      _id: dj.id,
      id: dj.id,
      username: dj.username,
      profileimage: dj.profileimage,
      role: "user",
      isDj: true,
      coverphoto: "/c.webp",
      ...details,
      nameTagStyling: null,
      isPrivate: false,
      date: dj.createdAt.toISOString(),
      followersCount: 3,
      followingCount: 1,
      photosCount: 2,
      isFollowing: true,
      followsMe: true,
      blockedByMe: false,
      hasBlockedMe: false,
      limited: false,
      requestedByMe: false,
      hasRequestedToFollowMe: false,
    });
    for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
    expect(res.body).not.toContain(dj.email);
  });

  it("finds a profile by username in any case", async () => {
    const viewer = await member();
    const { user } = await buildUser(t.ctx.db, { username: `Mixed_${Date.now() % 100000}` });
    for (const id of [user.username.toLowerCase(), user.username.toUpperCase()]) {
      const res = await viewer.agent.get(PROFILE, { id });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(user.id);
    }
  });

  it("answers 404 userNotFound for an unknown member", async () => {
    const viewer = await member();
    const res = await viewer.agent.get(PROFILE, { id: "nobody_at_all" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: USER_MESSAGES.userNotFound });
  });

  it("limits a private profile for a non-follower: notice, counts, no details", async () => {
    const stranger = await member();
    const { user: shy } = await buildPrivateUser(t.ctx.db, details);
    await buildFollow(t.ctx.db, (await buildUser(t.ctx.db)).user, shy);
    await buildPost(t.ctx.db, shy.id, { image: "/uploads/p.webp" });

    const res = await stranger.agent.get(PROFILE, { id: shy.id });
    expect(res.statusCode).toBe(200);
    const body: UserProfile = res.json();
    expect(body).toMatchObject({
      limited: true,
      message: USER_MESSAGES.profilePrivate,
      isPrivate: true,
      followersCount: 1,
      photosCount: 1,
      bio: "",
      age: null,
      location: "",
      interests: "",
      customLinks: [],
      instagram: "",
    });
    expect(body).not.toHaveProperty("followRequests");
    expect(res.body).not.toContain(details.bio);
  });

  it("shows a private profile to its accepted follower, and 'requested' to a pending requester", async () => {
    const { user: shy } = await buildPrivateUser(t.ctx.db, details);
    const follower = await member();
    const requester = await member();
    await buildFollow(t.ctx.db, follower.user, shy);
    await buildFollowRequest(t.ctx.db, requester.user, shy);

    const seen = (await follower.agent.get(PROFILE, { id: shy.id })).json();
    expect(seen).toMatchObject({ limited: false, isFollowing: true, bio: details.bio });
    expect(seen).not.toHaveProperty("message");

    const pending = (await requester.agent.get(PROFILE, { id: shy.id })).json();
    expect(pending).toMatchObject({
      limited: true,
      requestedByMe: true,
      message: USER_MESSAGES.profilePrivate,
    });
  });

  it("shows the owner everything, with pending follow requests as BasicUsers", async () => {
    const owner = await member(buildPrivateUser, details);
    const requester = await member();
    await requester.agent.post("/api/auth/followUser", { followed: owner.user.id });

    for (const query of [undefined, { id: owner.user.id }]) {
      const res = await owner.agent.get(PROFILE, query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: owner.user.id,
        limited: false,
        bio: details.bio,
        followRequests: [
          {
            _id: requester.user.id,
            id: requester.user.id,
            username: requester.user.username,
            profileimage: requester.user.profileimage,
            isDj: false,
            role: "user",
          },
        ],
      });
    }
    const back = (await requester.agent.get(PROFILE, { id: owner.user.id })).json();
    expect(back).not.toHaveProperty("followRequests");
    const ownerSees = (await owner.agent.get(PROFILE, { id: requester.user.id })).json();
    expect(ownerSees.hasRequestedToFollowMe).toBe(true);
  });

  it("refuses a blocker's profile to the blocked member (403 blockedProfile)", async () => {
    const blocker = await buildUser(t.ctx.db, details);
    const blocked = await member();
    await buildBlock(t.ctx.db, blocker.user, blocked.user);
    const res = await blocked.agent.get(PROFILE, { id: blocker.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: USER_MESSAGES.blockedProfile });
  });

  it("shows the blocker the profile they blocked, limited, with blockedByMe", async () => {
    const blocker = await member();
    const { user: other } = await buildUser(t.ctx.db, details);
    await buildBlock(t.ctx.db, blocker.user, other);
    const res = await blocker.agent.get(PROFILE, { id: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      blockedByMe: true,
      hasBlockedMe: false,
      limited: true,
      message: SOCIAL_MESSAGES.blocked,
      bio: "",
    });
  });

  it("refuses a banned member's profile (403 banned) except to Admins and Moderators", async () => {
    const { user: banned } = await buildBannedUser(t.ctx.db);
    const viewer = await member();
    const res = await viewer.agent.get(PROFILE, { id: banned.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: USER_MESSAGES.userBanned, banned: true });

    for (const build of [buildAdmin, buildModerator]) {
      const staff = await member(build);
      const seen = await staff.agent.get(PROFILE, { id: banned.id });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: banned.id, role: "banned" });
    }

    // A ban that has expired no longer closes the profile.
    const { user: lifted } = await buildBannedUser(t.ctx.db, {
      banExpiresAt: new Date(Date.now() - 1000),
    });
    expect((await viewer.agent.get(PROFILE, { id: lifted.id })).statusCode).toBe(200);
  });
});

describe("POST /api/auth/updateProfile", () => {
  const UPDATE = "/api/auth/updateProfile";

  it("updates the own profile and answers the userdata with the profile fields", async () => {
    const me = await member();
    const res = await me.agent.post(UPDATE, {
      userid: me.user.id,
      bio: "  Techno and tea  ",
      age: "29",
      location: "Bristol",
      sex: "Prefer not to say",
      interests: ["techno", "tea", "techno", "dub,step"],
      facebook: "fb.com/me",
      twitter: "@me",
      instagram: "@me.ig",
      customLinks: ["https://soundcloud.com/me", "example.org/path"],
    });
    expect(res.statusCode).toBe(200);
    const body: UserData = res.json();
    expect(body).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      email: me.user.email,
      bio: "Techno and tea",
      age: 29,
      location: "Bristol",
      sex: "Prefer not to say",
      interests: "techno,tea,dubstep",
      facebook: "fb.com/me",
      twitter: "@me",
      instagram: "@me.ig",
      customLinks: ["https://soundcloud.com/me", "example.org/path"],
      isPrivate: false,
    });
    expect(body).not.toHaveProperty("passwordHash");

    // Fields not sent stay as they are; an empty age clears it.
    const second = await me.agent.post(UPDATE, { location: "Bath", age: "" });
    expect(second.json()).toMatchObject({ bio: "Techno and tea", location: "Bath", age: null });
    const self = await me.agent.get("/api/auth/userdata");
    expect(self.json()).toMatchObject({ location: "Bath", interests: "techno,tea,dubstep" });
  });

  it("edits only the session's own profile, whatever userid says", async () => {
    const me = await member();
    const { user: other } = await buildUser(t.ctx.db);
    const res = await me.agent.post(UPDATE, { userid: other.id, bio: "mine" });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(me.user.id);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.bio).toBe("");
  });

  it.each([
    [
      "a bio of 501 characters",
      { bio: "x".repeat(USER_LIMITS.bioMax + 1) },
      USER_MESSAGES.bioTooLong,
    ],
    [
      "11 interests",
      { interests: Array.from({ length: USER_LIMITS.interestsMax + 1 }, (_, i) => `i${i}`) },
      USER_MESSAGES.interestsMax,
    ],
    [
      "5 custom links",
      { customLinks: ["a.com", "b.com", "c.com", "d.com", "e.com"] },
      USER_MESSAGES.linksInvalid,
    ],
    ["a link that is not a link", { customLinks: ["not a link"] }, USER_MESSAGES.linksInvalid],
    [
      "a link without a domain suffix",
      { customLinks: ["http://localhost"] },
      USER_MESSAGES.linksInvalid,
    ],
    ["a sex not in the list", { sex: "Robot" }, USER_MESSAGES.sexInvalid],
    ["an age under the minimum", { age: USER_LIMITS.ageMin - 1 }, USER_MESSAGES.ageInvalid],
    ["an age that is not a number", { age: "old" }, USER_MESSAGES.ageInvalid],
  ])("refuses %s with 400 and its message, writing nothing", async (_, body, message) => {
    const me = await member();
    const res = await me.agent.post(UPDATE, { location: "Changed", ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ location: "", bio: "", interests: "", customLinks: [], sex: "" });
  });

  it("accepts exactly 500 characters of bio, 10 interests and 4 links", async () => {
    const me = await member();
    const res = await me.agent.post(UPDATE, {
      bio: "x".repeat(USER_LIMITS.bioMax),
      interests: Array.from({ length: USER_LIMITS.interestsMax }, (_, i) => `i${i}`).join(","),
      customLinks: ["a.com", "b.com", "c.com", "d.com"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customLinks).toHaveLength(USER_LIMITS.customLinksMax);
  });
});

describe("POST /api/auth/namTagStyling", () => {
  it("stores the own name tag styling and answers the userdata with it", async () => {
    const me = await member();
    const styling = {
      textColor: "#ff00aa",
      backgroundType: "gradient",
      gradient: { colors: ["#000", "#123456"], angle: 90 },
      profileAnimation: "pulse",
    };
    const res = await me.agent.post("/api/auth/namTagStyling", {
      userid: me.user.id,
      nameTagStyling: styling,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.user.id, nameTagStyling: styling });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.nameTagStyling).toEqual(styling);
  });

  it("refuses a malformed styling with 400 nameTagInvalid", async () => {
    const me = await member();
    for (const nameTagStyling of [
      undefined,
      "red",
      { color: "#fff" },
      { textColor: "red" },
      { textColor: "#fff;background:url(//evil)" },
      { gradient: { colors: ["#fff"], angle: 10 } },
      { gradient: { colors: ["#fff", "#000"], angle: 400 } },
      { profileAnimation: "shake" },
    ]) {
      const res = await me.agent.post("/api/auth/namTagStyling", { nameTagStyling });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: USER_MESSAGES.nameTagInvalid });
    }
  });

  it("refuses a background image that is not an https URL or an own upload", async () => {
    const me = await member();
    for (const backgroundImage of [
      "javascript:alert(1)",
      "http://example.com/a.png",
      "https://example.com/a.png) ; background:url(https://evil",
      'https://example.com/"a.png',
      "data:image/svg+xml,<svg onload=alert(1)>",
    ]) {
      const res = await me.agent.post("/api/auth/namTagStyling", {
        nameTagStyling: { backgroundType: "image", backgroundImage },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: USER_MESSAGES.nameTagImageInvalid });
    }
  });
});
