import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { findUserByUsername } from "../users/lookup.ts";
import { users } from "../users/schema.ts";
import { createUser } from "./service.ts";

/**
 * On a database without an Admin, creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or with a generated
 * password printed once. Instances started at once against one database take turns (a transaction-
 * level advisory lock): the first creates the admin, the others find it.
 */
export async function ensureFirstAdmin(ctx: AppContext, print: (line: string) => void) {
  const username = ctx.config.ADMIN_USERNAME;
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('airwave:first-admin', 0))`);
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "Admin"))
      .limit(1);
    if (admins.length > 0) return null;
    if (await findUserByUsername(tx, username)) return { taken: true as const };
    const password = ctx.config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
    await createUser(tx, { username, email: ctx.config.ADMIN_EMAIL, password, role: "Admin" });
    return { taken: false as const, password };
  });
  if (!outcome) return;
  if (outcome.taken) {
    print(
      `No Admin exists, but the username ${username} is taken: set ADMIN_USERNAME to another name.`,
    );
  } else if (ctx.config.ADMIN_PASSWORD) {
    print(`Created the first admin account "${username}" with the password from ADMIN_PASSWORD.`);
  } else {
    print(`Created the first admin account "${username}" with the password: ${outcome.password}`);
    print("This password is shown only once. Sign in and keep it safe.");
  }
}
