import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  type AuthStatus,
  hasRole,
  type LoginInput,
  PATHS,
  type RegisterInput,
} from "@airwave/contracts";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { AppError, badRequest, conflict, forbidden } from "../../platform/errors.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../platform/password.ts";
import { overRateLimit } from "../../platform/rate-limit/hook.ts";
import { createSession, endSessions, endSessionsNow } from "../../platform/sessions/sessions.ts";
import { isRegistrationEnabled } from "../admin/service.ts";
import { findUserByEmail, findUserById, findUserByUsername } from "../users/lookup.ts";
import { type UserRow, users } from "../users/schema.ts";
import { ipBanReason, isAccountBanActive, liftExpiredBans, memberBanReason } from "./bans.ts";
import { passwordResets } from "./schema.ts";
import { consumeLoginAttempt, forgiveLoginAttempts } from "./throttle.ts";

type PgError = { code?: string; constraint?: string; message?: string };

interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Creates an account. Shared by registration, the first admin and the admin's create-user dialog. */
export async function createUser(
  db: DbOrTx,
  input: RegisterInput & { role?: string },
  /** Turns the password into its stored hash (the test factories pass a cheaper one). */
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<UserRow> {
  if (await findUserByUsername(db, input.username)) throw conflict(AUTH_MESSAGES.usernameTaken);
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hash(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        id: randomUUID(),
        username: input.username,
        email: input.email,
        passwordHash,
        role: input.role ?? "user",
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (err) {
    // Two registrations racing for one name or e-mail: the unique indexes decide.
    const pgErr = (err as { cause?: PgError }).cause ?? (err as PgError);
    if (pgErr.code === "23505") {
      const email = pgErr.constraint?.includes("email") || pgErr.message?.includes("email");
      throw conflict(email ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken);
    }
    throw err;
  }
}

const registered = (userid: string) => ({
  token: randomBytes(16).toString("hex"),
  userid,
  message: AUTH_MESSAGES.registrationSuccess,
});

/**
 * POST /register: a one-time marker token on success (decisions: not a session). An e-mail that
 * already has an account gets the same answer, in about the same time (the password is hashed
 * all the same), and no account: the answer must not tell which addresses are registered, as the
 * forgot-password form does not. The owner is mailed a note instead, after the answer.
 */
export async function register(ctx: AppContext, input: RegisterInput) {
  if (!(await isRegistrationEnabled(ctx.db))) throw forbidden(AUTH_MESSAGES.registrationsDisabled);
  try {
    return registered((await createUser(ctx.db, input)).id);
  } catch (err) {
    if (!(err instanceof AppError) || err.message !== AUTH_MESSAGES.emailTaken) throw err;
  }
  await hashPassword(input.password); // the time a new account takes
  const owner = await findUserByEmail(ctx.db, input.email);
  if (owner) {
    void mailRegistrationNotice(ctx, owner).catch((err) =>
      ctx.log.error({ err }, "registration notice could not be sent"),
    );
  }
  return registered(randomUUID());
}

/** The note to a member whose e-mail someone used to register: at most one a day per member. */
async function mailRegistrationNotice(ctx: AppContext, owner: UserRow) {
  if (await overRateLimit(ctx, "registrationNotices", owner.id)) return;
  const signIn = `${ctx.config.PUBLIC_URL}${PATHS.login}`;
  await ctx.mailer.send({
    to: owner.email,
    subject: AUTH_MESSAGES.registrationNoticeSubject,
    text: `Hi ${owner.username},\n\nSomeone tried to register a new Airwave account with this e-mail address, which already belongs to your account (username: ${owner.username}). No new account was made.\n\nIf it was you, sign in at ${signIn}; if you forgot your password, use "Forgot Password" there.\n\nIf it wasn't you, you need do nothing.\n`,
    link: signIn,
  });
}

/** Lifts an account ban whose expiry has passed (at sign-in; the ban-lift job does it for all). */
async function liftExpiredBan(db: DbOrTx, user: UserRow, now: Date): Promise<UserRow> {
  if (!hasRole(user.role, "banned") || isAccountBanActive(user, now)) return user;
  // Only while the ban is still there and over: a second sign-in at the same moment, or an admin's
  // unban or new ban meanwhile, finds nothing to lift and reads the row as it now is.
  const [row] = await liftExpiredBans(db, now, user.id);
  return row ?? (await findUserById(db, user.id)) ?? user;
}

export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta) {
  const { db } = ctx;
  const usernameLower = input.username.toLowerCase();

  const ipReason = await ipBanReason(db, meta.ip);
  if (ipReason) {
    throw new AppError(
      403,
      ipReason === "blacklist" ? AUTH_MESSAGES.bannedBlacklist : AUTH_MESSAGES.bannedIp,
      { reason: ipReason, ip: meta.ip },
    );
  }

  // The attempt is counted before the password is checked: a burst in parallel cannot all pass.
  const found = await findUserByUsername(db, input.username);
  await consumeLoginAttempt(ctx, usernameLower, meta.ip, !!found);
  const ok = await verifyPassword(
    found?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (!found || !ok) throw new AppError(401, AUTH_MESSAGES.loginInvalid);

  const now = ctx.clock.now();
  const user = await liftExpiredBan(db, found, now);
  if (isAccountBanActive(user, now)) {
    throw new AppError(403, AUTH_MESSAGES.bannedAccount, {
      reason: "account_banned",
      banReason: memberBanReason(user),
      bannedAt: user.bannedAt?.toISOString() ?? null,
      banExpiresAt: user.banExpiresAt?.toISOString() ?? null,
      ip: meta.ip,
    });
  }

  await forgiveLoginAttempts(ctx, usernameLower, meta.ip);
  const loginIps = user.loginIps.includes(meta.ip) ? user.loginIps : [...user.loginIps, meta.ip];
  await db
    .update(users)
    .set({ lastLoginIp: meta.ip, loginIps, lastLoginAt: now })
    .where(eq(users.id, user.id));
  const session = await createSession(db, user.id, meta);
  return { session, user };
}

/** Ends this browser's session; its sockets, wherever they are, close. */
export async function logout(ctx: AppContext, sessionToken: string | undefined) {
  if (sessionToken) await endSessionsNow(ctx, { token: sessionToken });
}

/** POST /logoutEverywhere: every session of the member ends, this one included, with their sockets. */
export async function logoutEverywhere(ctx: AppContext, actor: UserRow) {
  await endSessionsNow(ctx, { userId: actor.id });
  return { message: AUTH_MESSAGES.signedOutEverywhere };
}

/** GET /checkauth: the session's state, and whether the request's IP is banned. */
export async function checkAuth(
  ctx: AppContext,
  actor: UserRow | null,
  ip: string,
): Promise<AuthStatus> {
  const ipReason = await ipBanReason(ctx.db, ip);
  if (ipReason) {
    const reason =
      ipReason === "blacklist" ? AUTH_MESSAGES.bannedBlacklist : AUTH_MESSAGES.bannedIp;
    return {
      authenticated: false,
      banned: true,
      banReason: reason,
      banExpiresAt: null,
      banKind: ipReason,
    };
  }
  return {
    authenticated: !!actor,
    banned: false,
    banReason: null,
    banExpiresAt: null,
    banKind: null,
  };
}

/**
 * Creates a one-hour reset key for `user` and mails its link, unless the account already had
 * `resetMailsPerHour` keys within the hour (then "limited": nothing is written or sent, so neither
 * the form nor an admin can flood a member's mailbox). Rejects when the mail cannot be sent.
 * Serves both the member's forgot-password form and the admin's "send password-reset e-mail".
 */
export async function sendPasswordResetMail(
  ctx: AppContext,
  user: UserRow,
): Promise<"sent" | "limited"> {
  const key = randomBytes(32).toString("base64url");
  const created = await ctx.db.transaction(async (tx) => {
    // The member's row is locked so that parallel requests count one after the other (a lock that
    // still lets other tables' rows reference the member meanwhile).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update");
    // Keys live one hour, so the keys not yet expired are the ones created within the hour.
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.expiresAt, sql`now()`)));
    if ((recent?.n ?? 0) >= AUTH_LIMITS.resetMailsPerHour) return false;
    // The newest key is the only one that works: the account's earlier ones end (they still count
    // toward the hourly limit until they expire).
    await endResetKeys(tx, user.id);
    await tx.insert(passwordResets).values({
      keyHash: sha256(key),
      userId: user.id,
      expiresAt: new Date(Date.now() + AUTH_LIMITS.resetKeyTtlMs),
    });
    return true;
  });
  if (!created) return "limited";
  const link = `${ctx.config.PUBLIC_URL}${PATHS.resetPassword(key)}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: AUTH_MESSAGES.resetMailSubject,
      text: `Hi ${user.username},\n\nSomeone asked to reset the password of your Airwave account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it wasn't you, ignore this e-mail: your password stays as it is.\n`,
      link,
    });
  } catch (err) {
    // A mail that never left does not count toward the hourly limit (nor leaves a usable key).
    await ctx.db.delete(passwordResets).where(eq(passwordResets.keyHash, sha256(key)));
    throw err;
  }
  return "sent";
}

/** POST /forgotPassword: always the same answer, whether or not the e-mail has an account. */
export async function forgotPassword(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !isAccountBanActive(user)) {
    // A mail failure is logged, not answered: the answer must not tell which e-mails have accounts.
    await sendPasswordResetMail(ctx, user).catch((err) =>
      ctx.log.error({ err }, "password reset mail could not be sent"),
    );
  }
  return { msg: AUTH_MESSAGES.forgotSent, message: AUTH_MESSAGES.forgotSent };
}

/** A key that can still set a password: issued, not used or ended, not expired. */
const liveResetKey = (key: string) =>
  and(
    eq(passwordResets.keyHash, sha256(key)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

/** Ends every live reset key of an account (a new key was issued, or one was used). */
async function endResetKeys(db: DbOrTx, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * POST /resetPassword: a live key sets the password once and ends the account's other keys; every
 * session of the user ends. The key is looked up before the password is hashed, so a wrong key costs
 * one indexed read (the route's `passwordResets` limit caps the tries per address).
 */
export async function resetPassword(ctx: AppContext, key: string, password: string) {
  const [found] = await ctx.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(liveResetKey(key));
  if (!found) throw badRequest(AUTH_MESSAGES.resetInvalid);
  const passwordHash = await hashPassword(password);
  return transaction(ctx, async (tx, afterCommit) => {
    // The member's row is locked so that two keys used at once go one after the other: the second
    // finds its key ended by the first.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, found.userId))
      .for("no key update");
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(liveResetKey(key))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw badRequest(AUTH_MESSAGES.resetInvalid);
    await endResetKeys(tx, reset.userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await endSessions({ tx, afterCommit, realtime: ctx.realtime }, { userId: reset.userId });
    return { message: AUTH_MESSAGES.resetDone, msg: AUTH_MESSAGES.resetDone };
  });
}
