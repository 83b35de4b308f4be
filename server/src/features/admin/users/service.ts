import {
  ADMIN_USERS_LIMITS,
  ADMIN_USERS_MESSAGES,
  type AdminBanAnswer,
  type AdminCreateUser,
  type AdminRelatedAccount,
  type AdminUserDetail,
  type AdminUserRole,
  type AdminUsersPage,
  type AdminUserView,
  hasRole,
  isAdminRole,
} from "@airwave/contracts";
import { and, arrayOverlaps, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import type { DbOrTx, Tx } from "../../../platform/db/index.ts";
import { transaction } from "../../../platform/db/transaction.ts";
import { AppError, badRequest, notFound } from "../../../platform/errors.ts";
import { runAccountBanHooks } from "../../../platform/feature.ts";
import { sqlHasRole } from "../../../platform/identity/roles.ts";
import { endSessions } from "../../../platform/sessions/sessions.ts";
import { banColumns, banKick, isAccountBanActive, unbanColumns } from "../../auth/bans.ts";
import { createUser, sendPasswordResetMail } from "../../auth/service.ts";
import { findUserById } from "../../users/lookup.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { adminUsersPolicy } from "./policy.ts";

type Actor = UserRow;

function allow(actor: Actor) {
  authorize(adminUsersPolicy, "manageUsers", actor);
}

const banner = alias(users, "banner");
/** The account a related account's ban came with. */
const bannedWithUser = alias(users, "banned_with_user");

const viewColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  profileimage: users.profileimage,
  lastLoginIp: users.lastLoginIp,
  loginIps: users.loginIps,
  bannedBy: banner.username,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  banExpiresAt: users.banExpiresAt,
  bannedWith: bannedWithUser.username,
  isDj: users.isDj,
};

type ViewRow = {
  id: string;
  username: string;
  email: string;
  role: string;
  createdAt: Date;
  profileimage: string;
  lastLoginIp: string | null;
  loginIps: string[];
  bannedBy: string | null;
  bannedAt: Date | null;
  banReason: string | null;
  banExpiresAt: Date | null;
  bannedWith: string | null;
  isDj: boolean;
};

function toView(row: ViewRow): AdminUserView {
  return {
    ...row,
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    bannedAt: row.bannedAt?.toISOString() ?? null,
    banExpiresAt: row.banExpiresAt?.toISOString() ?? null,
  };
}

/** `%`, `_` and `\` typed into the search box are matched literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function selectViews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(users)
    .leftJoin(banner, eq(banner.id, users.bannedBy))
    .leftJoin(bannedWithUser, eq(bannedWithUser.id, users.bannedWith))
    .where(where);
}

async function loadView(db: DbOrTx, id: string): Promise<AdminUserView> {
  const [row] = await selectViews(db, eq(users.id, id)).limit(1);
  if (!row) throw notFound(ADMIN_USERS_MESSAGES.userNotFound);
  return toView(row);
}

async function loadTarget(db: DbOrTx, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(ADMIN_USERS_MESSAGES.userNotFound);
  return user;
}

/**
 * Inside a write's transaction: locks the acting admin's and the target's rows (in id order, so two
 * admins acting on each other wait for one another instead of deadlocking) and checks the actor is
 * still an Admin. Two admins demoting or deleting each other at once can then never leave the site
 * without one: the second finds itself no longer an Admin (403). Answers the target's row, if any.
 */
export async function lockActorAndTarget(tx: Tx, actorId: string, targetId: string) {
  const rows = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, [actorId, targetId]))
    .orderBy(asc(users.id))
    .for("update");
  const actor = rows.find((r) => r.id === actorId);
  authorize(adminUsersPolicy, "manageUsers", actor);
  return rows.find((r) => r.id === targetId) ?? null;
}

/** GET users: newest first, 15 a page, username contains `search` (any case). */
export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: { search?: string; page: number },
): Promise<AdminUsersPage> {
  allow(actor);
  const { pageSize } = ADMIN_USERS_LIMITS;
  const where = query.search
    ? sql`${users.username} ilike ${`%${escapeLike(query.search)}%`}`
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectViews(ctx.db, where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toView), total: total?.n ?? 0, page: query.page, pageSize };
}

/**
 * Other users who share any login IP with `user` (the GIN index on login_ips serves `&&`), each with
 * the time of their last sign-in, the addresses they share and whether a ban of theirs is in force.
 */
async function relatedAccounts(db: DbOrTx, user: UserRow): Promise<AdminRelatedAccount[]> {
  if (user.loginIps.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      banExpiresAt: users.banExpiresAt,
      lastLoginAt: users.lastLoginAt,
      loginIps: users.loginIps,
    })
    .from(users)
    .where(and(arrayOverlaps(users.loginIps, user.loginIps), ne(users.id, user.id)))
    .orderBy(users.username);
  const own = new Set(user.loginIps);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    role: r.role,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    sharedIps: r.loginIps.filter((ip) => own.has(ip)),
    banned: isAccountBanActive(r),
  }));
}

/** The accounts still banned whose ban came with `id`'s (its unban offers to lift them too). */
function bannedWithThis(db: DbOrTx, id: string) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.bannedWith, id), sqlHasRole(users.role, "banned")))
    .orderBy(users.username);
}

/** GET user: the admin view and the related accounts. */
export async function getUserDetail(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<AdminUserDetail> {
  allow(actor);
  const user = await loadTarget(ctx.db, id);
  const [view, related, withThis] = await Promise.all([
    loadView(ctx.db, id),
    relatedAccounts(ctx.db, user),
    bannedWithThis(ctx.db, id),
  ]);
  return { user: view, relatedAccounts: related, bannedWithThis: withThis };
}

/** POST users: admin spec 5; duplicates answer 409 (createUser decides, even under a race). */
export async function createUserAsAdmin(
  ctx: AppContext,
  actor: Actor,
  input: AdminCreateUser,
): Promise<{ user: AdminUserView; message: string }> {
  allow(actor);
  const row = await createUser(ctx.db, input);
  return { user: await loadView(ctx.db, row.id), message: ADMIN_USERS_MESSAGES.created };
}

/**
 * POST role: never one's own role (the site keeps its admin); a banned account is unbanned first.
 * Once committed, the member's open connections close and come back by themselves with the new role
 * (a demoted Moderator's open chat loses its powers at once).
 */
export async function setUserRole(ctx: AppContext, actor: Actor, id: string, role: AdminUserRole) {
  allow(actor);
  if (id === actor.id) throw badRequest(ADMIN_USERS_MESSAGES.cannotChangeOwnRole);
  await transaction(ctx, async (tx, afterCommit) => {
    const target = await lockActorAndTarget(tx, actor.id, id);
    if (!target) throw notFound(ADMIN_USERS_MESSAGES.userNotFound);
    if (hasRole(target.role, "banned")) throw badRequest(ADMIN_USERS_MESSAGES.bannedRoleLocked);
    await tx.update(users).set({ role }).where(eq(users.id, id));
    afterCommit(() => ctx.realtime.reconnectUser(id));
  });
  return { message: ADMIN_USERS_MESSAGES.roleUpdated, user: await loadView(ctx.db, id) };
}

/** POST dj: sets or clears the DJ flag. */
export async function setUserDj(ctx: AppContext, actor: Actor, id: string, isDj: boolean) {
  allow(actor);
  const updated = await ctx.db
    .update(users)
    .set({ isDj })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound(ADMIN_USERS_MESSAGES.userNotFound);
  return { message: ADMIN_USERS_MESSAGES.djUpdated, user: await loadView(ctx.db, id) };
}

/**
 * POST ban: the user and the chosen related accounts get role banned with the reason, the end and the
 * acting admin, and lose every session, in one transaction; then their sockets are closed with a
 * force-kick naming the ban. A related account's ban records the user's id (`banned_with`): it is
 * told it was banned together with another account, never the user's reason. `relatedIds` (the boxes
 * left checked) must all be bannable related accounts of the user (sharing a login IP, not an Admin,
 * not the actor, not banned already), else 400 and nothing is written; left out, all of them.
 */
export async function banUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { reason?: string | null; expiresAt?: string | null; relatedIds?: string[] },
): Promise<AdminBanAnswer> {
  allow(actor);
  if (id === actor.id) throw badRequest(ADMIN_USERS_MESSAGES.cannotBanSelf);
  const reason = input.reason || null;
  const banExpiresAt = input.expiresAt ? new Date(input.expiresAt) : null;

  const banned = await transaction(ctx, async (tx, afterCommit) => {
    const target = await loadTarget(tx, id);
    if (isAdminRole(target.role)) throw badRequest(ADMIN_USERS_MESSAGES.cannotBanAdmin);
    const bannable = (await relatedAccounts(tx, target)).filter(
      (r) => !isAdminRole(r.role) && !r.banned && r.id !== actor.id,
    );
    let chosen = bannable;
    if (input.relatedIds) {
      const wanted = new Set(input.relatedIds);
      chosen = bannable.filter((r) => wanted.has(r.id));
      if (chosen.length !== wanted.size) throw badRequest(ADMIN_USERS_MESSAGES.relatedInvalid);
    }
    const returning = {
      id: users.id,
      username: users.username,
      banReason: users.banReason,
      bannedAt: users.bannedAt,
      banExpiresAt: users.banExpiresAt,
      bannedWith: users.bannedWith,
    };
    const notAdmin = sql`lower(${users.role}) <> 'admin'`;
    const rows = await tx
      .update(users)
      .set(banColumns({ reason, expiresAt: banExpiresAt, by: actor.id }))
      .where(and(eq(users.id, target.id), notAdmin))
      .returning(returning);
    if (chosen.length > 0) {
      const withRows = await tx
        .update(users)
        .set(banColumns({ reason, expiresAt: banExpiresAt, by: actor.id, with: target.id }))
        .where(
          and(
            inArray(
              users.id,
              chosen.map((r) => r.id),
            ),
            notAdmin,
          ),
        )
        .returning(returning);
      // Then the related accounts by name.
      withRows.sort((a, b) => a.username.localeCompare(b.username));
      rows.push(...withRows);
    }
    await runAccountBanHooks(
      ctx,
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows)
      await endSessions(
        { tx, afterCommit, realtime: ctx.realtime },
        { userId: row.id },
        banKick(row),
      );
    return rows;
  });
  return { message: ADMIN_USERS_MESSAGES.banned, banned: banned.map((r) => r.username) };
}

/**
 * POST unban: the role held before the ban back (isDj kept), ban fields cleared, for the user and, in
 * the same transaction, for the accounts in `alsoIds`, each of which must be still banned together
 * with the user (else 400 and nothing is written).
 */
export async function unbanUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { alsoIds?: string[] } = {},
) {
  allow(actor);
  const unbanned = await transaction(ctx, async (tx) => {
    const target = await loadTarget(tx, id);
    if (!hasRole(target.role, "banned")) throw badRequest(ADMIN_USERS_MESSAGES.notBanned);
    const wanted = new Set(input.alsoIds ?? []);
    wanted.delete(id);
    const also =
      wanted.size === 0
        ? []
        : (await bannedWithThis(tx, id)).filter((r) => wanted.has(r.id)).map((r) => r.id);
    if (also.length !== wanted.size) throw badRequest(ADMIN_USERS_MESSAGES.unbanWithInvalid);
    const rows = await tx
      .update(users)
      .set(unbanColumns())
      .where(and(inArray(users.id, [id, ...also]), sqlHasRole(users.role, "banned")))
      .returning({ id: users.id, username: users.username });
    rows.sort((a, b) =>
      a.id === id ? -1 : b.id === id ? 1 : a.username.localeCompare(b.username),
    );
    return rows.map((r) => r.username);
  });
  return {
    message: ADMIN_USERS_MESSAGES.unbanned,
    user: await loadView(ctx.db, id),
    unbanned,
  };
}

/** POST reset-email: the forgot-password mail, sent to the user's address; a mail failure is told. */
export async function sendResetEmail(ctx: AppContext, actor: Actor, id: string) {
  allow(actor);
  const target = await loadTarget(ctx.db, id);
  if (isAccountBanActive(target)) throw badRequest(ADMIN_USERS_MESSAGES.resetBanned);
  let outcome: Awaited<ReturnType<typeof sendPasswordResetMail>>;
  try {
    outcome = await sendPasswordResetMail(ctx, target);
  } catch (err) {
    ctx.log.error({ err }, "admin password reset mail could not be sent");
    throw new AppError(502, ADMIN_USERS_MESSAGES.mailDown);
  }
  if (outcome === "limited") throw new AppError(429, ADMIN_USERS_MESSAGES.resetLimited);
  return { message: ADMIN_USERS_MESSAGES.resetSent };
}
