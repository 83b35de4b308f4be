import {
  ADMIN_DELETE_MESSAGES,
  type AdminDeleteUserAnswer,
  CHAT_SERVER_EVENTS,
  isAdminRole,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../platform/context.ts";
import type { Tx } from "../../../platform/db/index.ts";
import { badRequest, forbidden, notFound } from "../../../platform/errors.ts";
import type { AccountDeletion } from "../../../platform/feature.ts";
import { forgetMemberCounters } from "../../../platform/rate-limit/hook.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { lockActorAndTarget } from "./service.ts";

/**
 * Deleting a member's account (admin Tab 1): what goes, what stays anonymised and why is the README's
 * "Deleting an account". Every database change happens in one transaction, where each feature's
 * deletion step (its manifest's `deleteAccount`) runs in the feature list's order; the stored files
 * go after it commits, then the member's open sockets are closed.
 */

type Actor = Pick<UserRow, "id" | "role">;

/** Why `actor` may not delete account `targetId`, or null when they may. Pure: tested as a table. */
export function deleteAccountRefusal(actor: Actor | null, targetId: string) {
  if (!actor || !isAdminRole(actor.role)) return "forbidden" as const;
  if (actor.id === targetId) return "self" as const;
  return null;
}

/** PostgreSQL's "deadlock detected": the transaction is rolled back whole and may simply run again. */
function isDeadlock(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}

/** POST ADMIN_API.userDelete(id). */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
): Promise<AdminDeleteUserAnswer> {
  const refusal = deleteAccountRefusal(actor, userId);
  if (refusal === "forbidden") throw forbidden();
  if (refusal === "self") throw badRequest(ADMIN_DELETE_MESSAGES.cannotDeleteSelf);

  const steps = ctx.features.flatMap((f) => (f.deleteAccount ? [f.deleteAccount] : []));
  // Before the transaction: what the features will say once it has committed (e.g. the schedule).
  const afterCommit: (() => void)[] = [];
  for (const step of steps) {
    const then = await step.beforeTransaction?.(ctx, userId);
    if (then) afterCommit.push(then);
  }
  let files: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      files = await ctx.db.transaction((tx) => removeAccount(ctx, tx, actor.id, userId));
      break;
    } catch (err) {
      // Only when the member themselves was liking or commenting at that very moment.
      if (attempt >= 3 || !isDeadlock(err)) throw err;
    }
  }

  // The account is gone; a file that cannot be removed now is only logged.
  for (const key of files) {
    await ctx.storage
      .delete(key)
      .catch((err) => ctx.log.warn({ err, key }, "could not remove a deleted member's file"));
  }
  // Their abuse-limit counters name them; left behind, they would go within the hour anyway.
  await forgetMemberCounters(ctx, userId).catch((err) =>
    ctx.log.warn({ err }, "could not remove a deleted member's rate-limit counters"),
  );
  ctx.realtime.disconnectUser(userId, {
    event: {
      name: CHAT_SERVER_EVENTS.forceKick,
      payload: { reason: ADMIN_DELETE_MESSAGES.accountDeleted },
    },
  });
  for (const then of afterCommit) then();
  return { message: ADMIN_DELETE_MESSAGES.deleted };
}

/**
 * The database side of a deletion; returns the storage keys of the files to remove once committed.
 * The member's row is locked first (FOR UPDATE): nothing of theirs can be added meanwhile, and a
 * second deletion of the same member waits and then finds no one (404).
 */
async function removeAccount(
  ctx: AppContext,
  tx: Tx,
  actorId: string,
  userId: string,
): Promise<string[]> {
  // The actor is locked too and must still be an Admin: two admins deleting each other at once
  // cannot both succeed.
  const target = await lockActorAndTarget(tx, actorId, userId);
  if (!target) throw notFound(ADMIN_DELETE_MESSAGES.userNotFound);

  const deletion: AccountDeletion = { userId, files: [] };
  const afterRow: (() => Promise<void>)[] = [];
  for (const feature of ctx.features) {
    const then = await feature.deleteAccount?.inTransaction?.(ctx, tx, deletion);
    if (then) afterRow.push(then);
  }

  // Bans they gave keep their reason and date; "banned by" is no one now.
  await tx.update(users).set({ bannedBy: null }).where(eq(users.bannedBy, userId));

  // The member's row; everything else of theirs goes with it (ON DELETE CASCADE): sessions, reset
  // keys, follows both ways, follow requests, blocks, their posts and the posts on their page with
  // those posts' comments and likes, tickets, DJ applications and credentials, bookings, chat likes,
  // notifications. Columns that only record who did something are set null by the schema (IP bans'
  // banned by and account, DJ decisions, bookings made for others, GIFs uploaded, conversations started).
  await tx.delete(users).where(eq(users.id, userId));

  // What the features do once the row and its cascades are gone (posts: counters of what stays).
  for (const then of afterRow) await then();
  return deletion.files;
}
