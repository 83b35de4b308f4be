import { AUTH_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type BuiltUser, buildFollow, buildUser } from "../../../test/factories.ts";

let t: TestApp;
let me: BuiltUser;
let other: BuiltUser;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  me = await buildUser(t.ctx.db, { isDj: true });
  other = await buildUser(t.ctx.db);
  agent = new Agent(t.app);
  await agent.login(me.user.username, me.password);
});
afterAll(() => t.close());

const PRIVATE_FIELDS = ["passwordHash", "password", "loginIps", "lastLoginIp", "banReason"];

describe("GET /api/auth/userdata", () => {
  it("answers the signed-in member's own data, e-mail included", async () => {
    for (const query of [undefined, { id: me.user.id }]) {
      const res = await agent.get("/api/auth/userdata", query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: me.user.id,
        id: me.user.id,
        username: me.user.username,
        email: me.user.email,
        role: "user",
        isDj: true,
        profileimage: me.user.profileimage,
        date: me.user.createdAt.toISOString(),
        coverphoto: null,
        bio: "",
        age: null,
        location: "",
        sex: "",
        interests: "",
        facebook: "",
        twitter: "",
        instagram: "",
        customLinks: [],
        nameTagStyling: null,
        isPrivate: false,
      });
    }
  });

  it("answers another member's public data without the e-mail", async () => {
    const res = await agent.get("/api/auth/userdata", { id: other.user.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: other.user.id, username: other.user.username, role: "user" });
    expect(body).not.toHaveProperty("email");
    for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
    expect(res.body).not.toContain(other.user.email);
  });

  it("answers another member's personal profile fields only when their content is visible", async () => {
    const open = await buildUser(t.ctx.db, { bio: "Open book", location: "Hull" });
    const shy = await buildUser(t.ctx.db, { bio: "Secret", location: "Nowhere", isPrivate: true });
    const seen = (await agent.get("/api/auth/userdata", { id: open.user.id })).json();
    expect(seen).toMatchObject({ bio: "Open book", location: "Hull", isPrivate: false });

    const hidden = await agent.get("/api/auth/userdata", { id: shy.user.id });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: shy.user.id, isPrivate: true });
    expect(hidden.json()).not.toHaveProperty("bio");
    expect(hidden.body).not.toContain("Secret");

    await buildFollow(t.ctx.db, me.user, shy.user);
    const asFollower = (await agent.get("/api/auth/userdata", { id: shy.user.id })).json();
    expect(asFollower).toMatchObject({ bio: "Secret", location: "Nowhere" });
  });

  it("answers 404 for an unknown id", async () => {
    const res = await agent.get("/api/auth/userdata", { id: "no-such-user" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.userNotFound });
  });
});
