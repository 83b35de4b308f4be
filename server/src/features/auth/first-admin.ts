import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { findUserByUsername } from "../users/lookup.ts";
import { users } from "../users/schema.ts";
import { createUser } from "./service.ts";

/**
 * On a database without an Admin, creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or with a generated
 * password printed once.
 */
export async function ensureFirstAdmin(ctx: AppContext, print: (line: string) => void) {
  const admins = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "Admin"))
    .limit(1);
  if (admins.length > 0) return;
  const username = ctx.config.ADMIN_USERNAME;
  if (await findUserByUsername(ctx.db, username)) {
    print(
      `No Admin exists, but the username ${username} is taken: set ADMIN_USERNAME to another name.`,
    );
    return;
  }
  const password = ctx.config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  await createUser(ctx.db, { username, email: ctx.config.ADMIN_EMAIL, password, role: "Admin" });
  if (ctx.config.ADMIN_PASSWORD) {
    print(`Created the first admin account "${username}" with the password from ADMIN_PASSWORD.`);
  } else {
    print(`Created the first admin account "${username}" with the password: ${password}`);
    print("This password is shown only once. Sign in and keep it safe.");
  }
}
