import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { sqlAccountBanActive } from "../../platform/identity/bans.ts";
import { type UserRow, users } from "./schema.ts";

async function findOne(db: DbOrTx, where: SQL): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(where).limit(1);
  return rows[0] ?? null;
}

export const findUserById = (db: DbOrTx, id: string) => findOne(db, eq(users.id, id));

/** Usernames and e-mails are unique regardless of case. */
export const findUserByUsername = (db: DbOrTx, username: string) =>
  findOne(db, sql`lower(${users.username}) = ${username.toLowerCase()}`);

export const findUserByEmail = (db: DbOrTx, email: string) =>
  findOne(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);

/**
 * SQL picking the member a profile reference names (profile URLs carry an id or a username in any
 * case) — with `byRefIdFirst` as the order and a limit of 1, an id wins over another's username.
 * For prepared statements: `ref` is usually a placeholder.
 */
export const memberByRef = (ref: SQL | Placeholder) =>
  sql`${users.id} = ${ref} or lower(${users.username}) = lower(${ref})`;
export const byRefIdFirst = (ref: SQL | Placeholder) => sql`${users.id} = ${ref} desc`;

/** A member by id or by username (profile URLs carry either). */
export async function findUserByIdOrUsername(db: DbOrTx, idOrName: string) {
  return (await findUserById(db, idOrName)) ?? (await findUserByUsername(db, idOrName));
}

/** The columns a `BasicUser` is made of: select these for lists. */
export const basicUserColumns = {
  id: users.id,
  username: users.username,
  profileimage: users.profileimage,
  isDj: users.isDj,
  role: users.role,
};

/** SQL over `users`: the member's account ban is in force now (the platform's one ban rule, its SQL form). */
export const accountBanActiveSql = sqlAccountBanActive(users.role, users.banExpiresAt);
