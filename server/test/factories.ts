import { randomBytes, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { ipBans } from "../src/features/auth/schema.ts";
import { createUser } from "../src/features/auth/service.ts";
import { blocks, followRequests, follows } from "../src/features/social/schema.ts";
import { type UserRow, users } from "../src/features/users/schema.ts";
import type { DbOrTx } from "../src/platform/db/index.ts";

export const DEFAULT_TEST_PASSWORD = "correct-horse-42";

/**
 * Members made by the factories store an argon2id hash of the lowest cost (8 KiB, one pass) made
 * once per password: the app verifies whatever cost a hash names, so they sign in as usual, and the
 * suite does not spend the OWASP cost (about 25 ms a hash, again a sign-in) on each of its members.
 * Accounts the tests register through the API are hashed at the real cost.
 */
const cheapHashes = new Map<string, Promise<string>>();
const cheapHash = (password: string) => {
  let stored = cheapHashes.get(password);
  if (!stored) {
    stored = hash(password, { memoryCost: 8, timeCost: 1, parallelism: 1 });
    cheapHashes.set(password, stored);
  }
  return stored;
};

let seq = 0;
const unique = () =>
  `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}${randomBytes(2).toString("hex")}`;

export interface BuiltUser {
  user: UserRow;
  password: string;
}

/** A member with a unique name; override any column (role, ban fields, isDj...). */
export async function buildUser(
  db: DbOrTx,
  overrides: Partial<Omit<UserRow, "id" | "passwordHash">> & { password?: string } = {},
): Promise<BuiltUser> {
  const {
    password = DEFAULT_TEST_PASSWORD,
    username = `u_${unique()}`,
    email,
    ...columns
  } = overrides;
  let user = await createUser(
    db,
    { username, email: email ?? `${username.toLowerCase()}@example.test`, password },
    cheapHash,
  );
  if (Object.keys(columns).length > 0) {
    const [row] = await db.update(users).set(columns).where(eq(users.id, user.id)).returning();
    if (row) user = row;
  }
  return { user, password };
}

/**
 * `count` members in one insert, for tests of many members at once: they sign in with sessions
 * written for them (their password hash is no hash, so the login form refuses them).
 */
export async function buildMembers(db: DbOrTx, count: number): Promise<BuiltUser[]> {
  const rows = Array.from({ length: count }, () => {
    const username = `m_${unique()}`;
    return {
      id: randomUUID(),
      username,
      email: `${username.toLowerCase()}@example.test`,
      passwordHash: "not-a-hash",
    };
  });
  const inserted = await db.insert(users).values(rows).returning();
  return inserted.map((user) => ({ user, password: "" }));
}

export const buildAdmin = (db: DbOrTx, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, { role: "Admin", ...overrides });

export const buildModerator = (db: DbOrTx, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, { role: "Moderator", ...overrides });

/** A member whose account is banned (with reason; expiry optional). */
export const buildBannedUser = (db: DbOrTx, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, {
    role: "banned",
    banReason: "Spamming the chat",
    bannedAt: new Date(),
    ...overrides,
  });

/** An IP ban: with `userId` the IP was banned together with that account (banned_ip), else blacklist. */
export async function buildIpBan(
  db: DbOrTx,
  values: { ip: string; userId?: string; reason?: string; bannedBy?: string },
) {
  const [row] = await db
    .insert(ipBans)
    .values({ reason: "Test ban", ...values })
    .returning();
  if (!row) throw new Error("ip ban insert returned no row");
  return row;
}

/** An accepted follow: `follower` follows `followed`, created `ageMs` ago (lists are newest first). */
export async function buildFollow(
  db: DbOrTx,
  follower: Pick<UserRow, "id">,
  followed: Pick<UserRow, "id">,
  { ageMs = 0 }: { ageMs?: number } = {},
) {
  const [row] = await db
    .insert(follows)
    .values({
      followerId: follower.id,
      followedId: followed.id,
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning();
  if (!row) throw new Error("follow insert returned no row");
  return row;
}

/** A pending request of `requester` to follow `target` (no notification: see the service for that). */
export async function buildFollowRequest(
  db: DbOrTx,
  requester: Pick<UserRow, "id">,
  target: Pick<UserRow, "id">,
) {
  const [row] = await db
    .insert(followRequests)
    .values({ requesterId: requester.id, targetId: target.id })
    .returning();
  if (!row) throw new Error("follow request insert returned no row");
  return row;
}

/** `blocker` blocks `blocked`. */
export async function buildBlock(
  db: DbOrTx,
  blocker: Pick<UserRow, "id">,
  blocked: Pick<UserRow, "id">,
) {
  const [row] = await db
    .insert(blocks)
    .values({ blockerId: blocker.id, blockedId: blocked.id })
    .returning();
  if (!row) throw new Error("block insert returned no row");
  return row;
}

/** A member with a private profile. */
export const buildPrivateUser = (db: DbOrTx, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(db, { isPrivate: true, ...overrides });
