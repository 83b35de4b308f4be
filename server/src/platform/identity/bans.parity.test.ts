import { hasRole, ROLES as ROLE_NAMES } from "@airwave/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildPost } from "../../../test/factories/posts.ts";
import { buildUser } from "../../../test/factories.ts";
import { liftExpiredBans } from "../../features/auth/bans.ts";
import { posts } from "../../features/posts/schema.ts";
import { accountBanActiveSql } from "../../features/users/lookup.ts";
import { users } from "../../features/users/schema.ts";
import { isAccountBanActive, sqlAccountBanActive } from "./bans.ts";
import { sqlHasRole } from "./roles.ts";

/**
 * The account-ban rule exists twice: `isAccountBanActive` (TypeScript) and the database function
 * `airwave_account_banned` (migration 0017), which the posts triggers use for `author_banned`. Both
 * run here on one table of fixtures, on the database the suite runs on (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), and must agree.
 */

const NOW = new Date("2026-06-01T12:00:00.000Z");
const ROLES = ["user", "banned", "Banned", "BANNED", "Moderator", "Admin", "moderator", ""];
const ENDS: Record<string, Date | null> = {
  none: null,
  longPast: new Date(NOW.getTime() - 86_400_000),
  justPast: new Date(NOW.getTime() - 1),
  exactlyNow: NOW,
  justAhead: new Date(NOW.getTime() + 1),
  future: new Date(NOW.getTime() + 86_400_000),
};
const FIXTURES = ROLES.flatMap((role) =>
  Object.entries(ENDS).map(([end, banExpiresAt]) => ({ role, end, banExpiresAt })),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("account ban: TypeScript and SQL agree", () => {
  it.each(FIXTURES)("role $role, end $end", async ({ role, banExpiresAt }) => {
    const expected = isAccountBanActive({ role, banExpiresAt }, NOW);
    const ends = banExpiresAt
      ? sql`${banExpiresAt.toISOString()}::timestamptz`
      : sql`null::timestamptz`;
    const result = await t.ctx.db.execute(
      sql`select ${sqlAccountBanActive(sql`${role}::text`, ends, NOW)} as banned`,
    );
    const [row] = (result as unknown as { rows: { banned: boolean }[] }).rows;
    expect(row?.banned).toBe(expected);
  });

  it("a null role is no ban on either side", async () => {
    const result = await t.ctx.db.execute(
      sql`select ${sqlAccountBanActive(sql`null::text`, sql`null::timestamptz`, NOW)} as banned`,
    );
    expect((result as unknown as { rows: { banned: boolean }[] }).rows[0]?.banned).toBe(false);
  });
});

describe("role comparison: hasRole and sqlHasRole agree", () => {
  const pairs = ROLES.flatMap((role) => ROLE_NAMES.map((wanted) => ({ role, wanted })));
  it.each(pairs)("$role is $wanted", async ({ role, wanted }) => {
    const result = await t.ctx.db.execute(
      sql`select ${sqlHasRole(sql`${role}::text`, wanted)} as yes`,
    );
    expect((result as unknown as { rows: { yes: boolean }[] }).rows[0]?.yes).toBe(
      hasRole(role, wanted),
    );
  });
});

/** Members made from the fixtures, with ends around the real clock (the triggers read `now()`). */
async function membersFromFixtures() {
  const now = Date.now();
  const relative: Record<string, Date | null> = {
    none: null,
    past: new Date(now - 3_600_000),
    future: new Date(now + 3_600_000),
  };
  const made = [];
  for (const role of ["user", "banned", "Banned", "Moderator", "Admin"]) {
    for (const [end, banExpiresAt] of Object.entries(relative)) {
      const { user } = await buildUser(t.ctx.db, { role, banExpiresAt });
      made.push({ user, label: `${role}/${end}` });
    }
  }
  return made;
}

describe("the rule's uses in SQL follow it", () => {
  it("the users-table form (lists, counts) picks the members TypeScript calls banned", async () => {
    const made = await membersFromFixtures();
    const ids = made.map((m) => m.user.id);
    const rows = await t.ctx.db
      .select({ id: users.id, banned: accountBanActiveSql })
      .from(users)
      .where(inArray(users.id, ids));
    const sqlSays = Object.fromEntries(rows.map((r) => [r.id, r.banned]));
    for (const { user, label } of made) {
      expect({ label, banned: sqlSays[user.id] }).toEqual({
        label,
        banned: isAccountBanActive(user),
      });
    }
  });

  it("a post's author_banned copy, on insert and after the member's ban changes, is the rule's answer", async () => {
    const made = await membersFromFixtures();
    const copyOf = async (postId: string) =>
      (await t.ctx.db.select({ b: posts.authorBanned }).from(posts).where(eq(posts.id, postId)))[0]
        ?.b;
    for (const { user, label } of made) {
      const post = await buildPost(t.ctx.db, user.id);
      expect({ label, copy: post.authorBanned }).toEqual({ label, copy: isAccountBanActive(user) });
    }
    // Every member moves to every other fixture's role and end: the users trigger keeps the copy.
    const targets = made.map((m) => ({ role: m.user.role, banExpiresAt: m.user.banExpiresAt }));
    for (const [i, { user }] of made.entries()) {
      const [post] = await t.ctx.db.select().from(posts).where(eq(posts.authorId, user.id));
      for (const target of [...targets.slice(i), ...targets.slice(0, i)]) {
        const [row] = await t.ctx.db
          .update(users)
          .set(target)
          .where(eq(users.id, user.id))
          .returning();
        if (!row || !post) throw new Error("fixture missing");
        const label = `${user.role}/${user.banExpiresAt?.toISOString()} -> ${row.role}/${row.banExpiresAt?.toISOString()}`;
        expect({ label, copy: await copyOf(post.id) }).toEqual({
          label,
          copy: isAccountBanActive(row),
        });
      }
    }
  });

  it("the lift job lifts exactly the bans the rule calls over", async () => {
    const made = await membersFromFixtures();
    const lifted = new Set((await liftExpiredBans(t.ctx.db, new Date())).map((u) => u.id));
    for (const { user, label } of made) {
      const over = hasRole(user.role, "banned") && !isAccountBanActive(user);
      expect({ label, lifted: lifted.has(user.id) }).toEqual({ label, lifted: over });
    }
  });
});
