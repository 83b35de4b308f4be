import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildBlock, buildFollow, buildFollowRequest } from "../../../test/factories.ts";
import { canSeePost, visibleRowsByIds } from "../posts/queries.ts";
import { type UserRow, users } from "../users/schema.ts";
import {
  anyBlockAmong,
  canSeeContent,
  contentVisibleSql,
  hears,
  hearsSql,
  isBlockedEitherWay,
  relationBetween,
} from "./visibility.ts";

/**
 * Content visibility exists in TypeScript (`canSeeContent`, `canSeePost`) and in SQL
 * (`contentVisibleSql`, used by the conversations' participant bios; `postVisibility`, used by every
 * page of posts). Both run here on one table of fixtures, on the suite's database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), and must agree.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A member without the cost of a password hash: visibility reads none of the sign-in columns. */
async function member(values: Partial<UserRow> = {}): Promise<UserRow> {
  const id = randomUUID();
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      id,
      username: `v_${id.slice(0, 12)}`,
      email: `${id}@example.test`,
      passwordHash: "-",
      ...values,
    })
    .returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

/** How the viewer stands to the other member, set up in the database. */
const STANDINGS = {
  stranger: async () => {},
  follower: (v: UserRow, m: UserRow) => buildFollow(t.ctx.db, v, m),
  requested: (v: UserRow, m: UserRow) => buildFollowRequest(t.ctx.db, v, m),
  followedBy: (v: UserRow, m: UserRow) => buildFollow(t.ctx.db, m, v),
  blockedByMe: (v: UserRow, m: UserRow) => buildBlock(t.ctx.db, v, m),
  hasBlockedMe: (v: UserRow, m: UserRow) => buildBlock(t.ctx.db, m, v),
  followerBlockedByMe: async (v: UserRow, m: UserRow) => {
    await buildFollow(t.ctx.db, v, m);
    await buildBlock(t.ctx.db, v, m);
  },
  followerHasBlockedMe: async (v: UserRow, m: UserRow) => {
    await buildFollow(t.ctx.db, v, m);
    await buildBlock(t.ctx.db, m, v);
  },
} satisfies Record<string, (v: UserRow, m: UserRow) => Promise<unknown>>;
type Standing = keyof typeof STANDINGS | "self";
const standings = [...Object.keys(STANDINGS), "self"] as Standing[];

/** The other member (or the viewer itself for "self"), in that standing with the viewer. */
async function standingWith(viewer: UserRow, standing: Standing, values: Partial<UserRow> = {}) {
  if (standing === "self") return viewer;
  const m = await member(values);
  await STANDINGS[standing](viewer, m);
  return m;
}

describe("profile content: canSeeContent and contentVisibleSql agree", () => {
  const fixtures = [false, true].flatMap((isPrivate) =>
    standings.map((standing) => ({ isPrivate, standing })),
  );
  it.each(fixtures)("private $isPrivate, viewer is $standing", async ({ isPrivate, standing }) => {
    const viewer = await member(standing === "self" ? { isPrivate } : {});
    const m = await standingWith(viewer, standing, { isPrivate });
    const ts = canSeeContent(m, await relationBetween(t.ctx.db, viewer.id, m.id));
    const result = await t.ctx.db.execute(
      sql`select ${contentVisibleSql(sql`${viewer.id}::text`, { id: sql`u.id`, isPrivate: sql`u.is_private` })} as visible
          from users u where u.id = ${m.id}`,
    );
    const [row] = (result as unknown as { rows: { visible: boolean }[] }).rows;
    expect(row?.visible).toBe(ts);
  });
});

describe("what is said: hears and hearsSql (now) and anyBlockAmong agree", () => {
  it.each(standings)("viewer is %s", async (standing) => {
    const viewer = await member();
    const m = await standingWith(viewer, standing);
    const rel = await relationBetween(t.ctx.db, viewer.id, m.id);
    const result = await t.ctx.db.execute(
      sql`select ${hearsSql(sql`${viewer.id}::text`, sql`${m.id}::text`, sql`now()`)} as heard`,
    );
    const [row] = (result as unknown as { rows: { heard: boolean }[] }).rows;
    expect(row?.heard).toBe(hears(rel));
    expect(await anyBlockAmong(t.ctx.db, [viewer.id, m.id])).toBe(isBlockedEitherWay(rel));
  });
});

describe("posts: canSeePost and postVisibility agree", () => {
  const authors = ["owner", "self", "stranger", "blockedByMe", "hasBlockedMe"] as const;
  const bans = ["none", "active", "expired"] as const;
  const ownerStandings: Standing[] = [
    "self",
    "stranger",
    "follower",
    "requested",
    "blockedByMe",
    "hasBlockedMe",
  ];
  const fixtures = [false, true].flatMap((ownerPrivate) =>
    ownerStandings.flatMap((owner) =>
      authors.flatMap((author) => bans.map((ban) => ({ ownerPrivate, owner, author, ban }))),
    ),
  );
  const banValues = {
    none: {},
    active: { role: "banned", banExpiresAt: null },
    expired: { role: "banned", banExpiresAt: new Date(Date.now() - 60_000) },
  };

  it.each(fixtures)(
    "owner private $ownerPrivate, viewer to owner $owner, author $author, author ban $ban",
    async ({ ownerPrivate, owner: ownerStanding, author: authorStanding, ban }) => {
      const viewer = await member(ownerStanding === "self" ? { isPrivate: ownerPrivate } : {});
      const owner = await standingWith(viewer, ownerStanding, { isPrivate: ownerPrivate });
      const author =
        authorStanding === "owner"
          ? owner
          : authorStanding === "self"
            ? viewer
            : await standingWith(viewer, authorStanding);
      const post = await buildPost(t.ctx.db, author.id, { profileOwnerId: owner.id });
      // The ban last, as in life: the users trigger keeps the post's copy.
      if (ban !== "none") {
        await t.ctx.db.update(users).set(banValues[ban]).where(sql`${users.id} = ${author.id}`);
      }
      const row = (await t.ctx.db.execute(
        sql`select author_banned as "authorBanned", owner_private as "ownerPrivate" from posts where id = ${post.id}`,
      )) as unknown as { rows: { authorBanned: boolean; ownerPrivate: boolean }[] };
      const copies = row.rows[0];
      if (!copies) throw new Error("post missing");
      const ts = canSeePost(
        copies,
        await relationBetween(t.ctx.db, viewer.id, owner.id),
        await relationBetween(t.ctx.db, viewer.id, author.id),
      );
      const seen = await visibleRowsByIds(t.ctx.db, viewer.id, [post.id]);
      expect(seen.length === 1).toBe(ts);
    },
  );
});
