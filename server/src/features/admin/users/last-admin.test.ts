import { ADMIN_API, HTTP_MESSAGES, isAdminRole } from "@airwave/contracts";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { buildAdmin } from "../../../../test/factories.ts";
import { type SignedInMember, signInMember } from "../../../../test/members.ts";
import { users } from "../../users/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const twoAdmins = async (): Promise<[SignedInMember, SignedInMember]> => [
  await signInMember(t, buildAdmin),
  await signInMember(t, buildAdmin),
];

/** The rows of `ids` still there and still Admin. */
const adminsLeft = async (ids: string[]) =>
  (await t.ctx.db.select().from(users).where(inArray(users.id, ids))).filter((u) =>
    isAdminRole(u.role),
  );

describe("two Admins acting on each other at the same moment never leave the site without one", () => {
  it("demoting each other: one succeeds, the other is no longer an Admin (403)", async () => {
    const [a, b] = await twoAdmins();
    const answers = await Promise.all([
      a.agent.post(ADMIN_API.userRole(b.user.id), { role: "user" }),
      b.agent.post(ADMIN_API.userRole(a.user.id), { role: "user" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.statusCode === 403)?.json().message).toBe(HTTP_MESSAGES.forbidden);
    expect(await adminsLeft([a.user.id, b.user.id])).toHaveLength(1);
  });

  it("deleting each other: one account is deleted, the other Admin stays", async () => {
    const [a, b] = await twoAdmins();
    const answers = await Promise.all([
      a.agent.post(ADMIN_API.userDelete(b.user.id)),
      b.agent.post(ADMIN_API.userDelete(a.user.id)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await adminsLeft([a.user.id, b.user.id])).toHaveLength(1);
  });

  it("one demotes while the other deletes: one Admin stays", async () => {
    const [a, b] = await twoAdmins();
    const answers = await Promise.all([
      a.agent.post(ADMIN_API.userRole(b.user.id), { role: "Moderator" }),
      b.agent.post(ADMIN_API.userDelete(a.user.id)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await adminsLeft([a.user.id, b.user.id])).toHaveLength(1);
  });
});
