import type { PostView } from "@airwave/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock, systemClock } from "../../platform/clock.ts";
import { posts } from "../posts/schema.ts";
import { users } from "../users/schema.ts";
import { banColumns } from "./bans.ts";
import { LIFT_EXPIRED_BANS_JOB } from "./jobs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.clock = systemClock;
});

const HOUR = 3_600_000;
const PROFILE = "/api/auth/getUserProfileData";

/** A Moderator with a post, then banned until `expiresAt` (by an admin's ban columns). */
async function bannedModeratorWithPost(expiresAt: Date) {
  const { user } = await buildUser(t.ctx.db, { role: "Moderator" });
  const post = await buildPost(t.ctx.db, user.id);
  const { user: admin } = await buildUser(t.ctx.db, { role: "Admin" });
  await t.ctx.db
    .update(users)
    .set(banColumns({ reason: "Spamming the chat", expiresAt, by: admin.id }))
    .where(eq(users.id, user.id));
  return { user, post };
}

describe("the expired-ban job", () => {
  it("shows the posts of a member whose ban ran out again, with the role held before the ban", async () => {
    const viewer = await signInMember(t, buildUser);
    const { user, post } = await bannedModeratorWithPost(new Date(Date.now() + HOUR));
    const feedIds = async () =>
      ((await viewer.agent.get("/api/auth/getFeed", { limit: "50" })).json().posts as PostView[])
        .map((p) => p._id)
        .filter((id) => id === post.id);
    expect(await feedIds()).toEqual([]);

    // The ban's end passes without the member signing in (and without a write of the member's row,
    // which would recompute the copy): the ban is shortened to end just after this statement's time.
    await t.ctx.db
      .update(users)
      .set({ banExpiresAt: sql`now() + interval '200 milliseconds'` })
      .where(eq(users.id, user.id));
    await new Promise((resolve) => setTimeout(resolve, 400));

    // What the job closes: the profile already reads as not banned, while the posts' stored
    // `author_banned` copy cannot change by itself as time passes, so they stay hidden until the lift.
    expect((await viewer.agent.get(PROFILE, { id: user.id })).statusCode).toBe(200);
    expect(await feedIds()).toEqual([]);

    expect(await t.jobs.runOnce(LIFT_EXPIRED_BANS_JOB)).toBe(true);

    expect(await feedIds()).toEqual([post.id]);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      role: "Moderator",
      roleBeforeBan: null,
      banReason: null,
      banExpiresAt: null,
      bannedBy: null,
    });
    const [copy] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(copy?.authorBanned).toBe(false);
    expect((await viewer.agent.get(PROFILE, { id: user.id })).json()).toMatchObject({
      id: user.id,
    });
  });

  it("lifts only the bans that have ended by the app's clock, never a permanent one", async () => {
    const ending = await bannedModeratorWithPost(new Date(Date.now() + HOUR));
    const later = await bannedModeratorWithPost(new Date(Date.now() + 3 * HOUR));
    const { user: forever } = await buildUser(t.ctx.db, { role: "banned", bannedAt: new Date() });
    const role = async (id: string) =>
      (await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

    await t.jobs.runOnce(LIFT_EXPIRED_BANS_JOB);
    expect(await role(ending.user.id)).toBe("banned");

    t.ctx.clock = fixedClock(Date.now() + 2 * HOUR);
    await t.jobs.runOnce(LIFT_EXPIRED_BANS_JOB);
    expect(await role(ending.user.id)).toBe("Moderator");
    expect(await role(later.user.id)).toBe("banned");
    expect(await role(forever.id)).toBe("banned");
  });
});
