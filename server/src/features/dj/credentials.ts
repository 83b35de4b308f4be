import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { DJ_LIMITS } from "@airwave/contracts";
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { decryptSecret, encryptSecret } from "../../platform/secrets.ts";
import { isAccountBanActive } from "../auth/bans.ts";
import { users } from "../users/schema.ts";
import { djCredentials } from "./schema.ts";

/** HKDF purpose label of radio passwords: their key is used for nothing else. */
const PURPOSE = "dj-radio-password";

/** Letters and digits only: never ':' or ',' (the combined `username:password` formats split on them). */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new radio password: 16 characters drawn uniformly with the cryptographic generator. */
export function generateRadioPassword(length: number = DJ_LIMITS.radioPasswordLength): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The radio username of a member: their username, lower-cased (decisions: Schedule and DJs). */
const radioUsernameFor = (username: string) => username.toLowerCase();

/** The password as stored: encrypted with the server key, bound to its owner's id. */
const encryptRadioPassword = (ctx: AppContext, userId: string, password: string) =>
  encryptSecret(ctx.config.SECRET_KEY, PURPOSE, password, { associatedData: userId });

const decryptRadioPassword = (ctx: AppContext, userId: string, stored: string) =>
  decryptSecret(ctx.config.SECRET_KEY, PURPOSE, stored, { associatedData: userId });

/**
 * Creates the member's streaming credentials unless they exist (an earlier approval keeps its
 * password). Returns false when another member's credentials already hold the radio username.
 */
export async function ensureCredentials(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; username: string },
): Promise<boolean> {
  const [existing] = await tx
    .select({ userId: djCredentials.userId })
    .from(djCredentials)
    .where(eq(djCredentials.userId, user.id))
    .limit(1);
  if (existing) return true;
  const created = await tx
    .insert(djCredentials)
    .values({
      userId: user.id,
      radioUsername: radioUsernameFor(user.username),
      radioPasswordEncrypted: encryptRadioPassword(ctx, user.id, generateRadioPassword()),
    })
    .onConflictDoNothing()
    .returning({ userId: djCredentials.userId });
  return created.length > 0;
}

/**
 * A ban's part in the DJ feature (its manifest's `onAccountsBanned`): the banned members' radio
 * passwords are replaced by new random ones, so the old ones never work again, even once the ban
 * ends (the DJ page shows the new one then). The live set of one of them is ended by the station,
 * which asks `live-check` while a DJ is on air.
 */
export async function rotateRadioPasswords(
  ctx: AppContext,
  tx: DbOrTx,
  userIds: readonly string[],
): Promise<void> {
  const rows = await tx
    .select({ userId: djCredentials.userId })
    .from(djCredentials)
    .where(inArray(djCredentials.userId, [...userIds]));
  for (const { userId } of rows) {
    await tx
      .update(djCredentials)
      .set({ radioPasswordEncrypted: encryptRadioPassword(ctx, userId, generateRadioPassword()) })
      .where(eq(djCredentials.userId, userId));
  }
}

/**
 * Whether the member behind a radio username (any case) may stay on air: still an approved DJ and
 * not banned. Liquidsoap asks it every few seconds while they are live.
 */
export async function mayStayLive(ctx: AppContext, radioUsername: string): Promise<boolean> {
  const name = radioUsername.trim();
  if (!name || name.length > MAX_LOGIN_CHARS) return false;
  const [row] = await ctx.db
    .select({ isDj: users.isDj, role: users.role, banExpiresAt: users.banExpiresAt })
    .from(djCredentials)
    .innerJoin(users, eq(users.id, djCredentials.userId))
    .where(eq(djCredentials.radioUsername, radioUsernameFor(name)))
    .limit(1);
  return Boolean(row?.isDj) && !!row && !isAccountBanActive(row, ctx.clock.now());
}

/** The member's radio username and clear password, or null when they have none (or it cannot be read). */
export async function readCredentials(
  ctx: AppContext,
  userId: string,
): Promise<{ radioUsername: string; radioPassword: string | null } | null> {
  const [row] = await ctx.db
    .select()
    .from(djCredentials)
    .where(eq(djCredentials.userId, userId))
    .limit(1);
  if (!row) return null;
  try {
    return {
      radioUsername: row.radioUsername,
      radioPassword: decryptRadioPassword(ctx, userId, row.radioPasswordEncrypted),
    };
  } catch {
    // The server key changed since the password was stored: say so in the log, never crash the page.
    ctx.log.error({ userId }, "a radio password could not be decrypted (was SECRET_KEY changed?)");
    return { radioUsername: row.radioUsername, radioPassword: null };
  }
}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Compares two strings in time that depends on neither (fixed-length digests). */
function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Longer input than this is never a valid login; refused before any lookup. */
const MAX_LOGIN_CHARS = 200;
/** Compared against when no credentials match, so that a miss costs the same as a wrong password. */
const DUMMY_PASSWORD = generateRadioPassword();

interface StreamingIdentity {
  userId: string;
  radioUsername: string;
}

/**
 * The live input's login check (the radio's harbor authentication calls it through the API): the
 * radio username (any case) and the clear password of a member who is still a DJ and not banned.
 * The password is compared in constant time; unknown names cost the same comparison.
 */
export async function verifyStreamingCredentials(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<StreamingIdentity | null> {
  if (!username || !password) return null;
  if (username.length > MAX_LOGIN_CHARS || password.length > MAX_LOGIN_CHARS) return null;
  const [row] = await ctx.db
    .select({
      userId: djCredentials.userId,
      radioUsername: djCredentials.radioUsername,
      encrypted: djCredentials.radioPasswordEncrypted,
      isDj: users.isDj,
      role: users.role,
      banExpiresAt: users.banExpiresAt,
    })
    .from(djCredentials)
    .innerJoin(users, eq(users.id, djCredentials.userId))
    .where(eq(djCredentials.radioUsername, radioUsernameFor(username.trim())))
    .limit(1);

  let expected: string | null = null;
  if (row) {
    try {
      expected = decryptRadioPassword(ctx, row.userId, row.encrypted);
    } catch {
      expected = null;
    }
  }
  const matches = safeEqual(expected ?? DUMMY_PASSWORD, password);
  if (!row || expected === null || !matches) return null;
  if (!row.isDj || isAccountBanActive(row)) return null;
  return { userId: row.userId, radioUsername: row.radioUsername };
}
