import {
  ADMIN_DELETE_MESSAGES,
  type AdminDeleteUserAnswer,
  CHAT_SERVER_EVENTS,
  isAdminRole,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../platform/context.ts";
import type { Tx } from "../../../platform/db/index.ts";
import { type AfterCommit, isDeadlock, transaction } from "../../../platform/db/transaction.ts";
import { badRequest, forbidden, notFound } from "../../../platform/errors.ts";
import type { AccountDeletion } from "../../../platform/feature.ts";
import { forgetMemberCounters } from "../../../platform/rate-limit/hook.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { lockActorAndTarget } from "./service.ts";

/**
 * Deleting a member's account (admin Tab 1): what goes, what stays anonymised and why is docs/features.md's
 * "Deleting an account". Every database change happens in one transaction, where each feature's
 * deletion step (its manifest's `deleteAccount`) runs in the feature list's order; the stored files
 * go after it commits, then the member's open sockets are closed, then what the steps queued runs.
 */

type Actor = Pick<UserRow, "id" | "role">;

/** Why `actor` may not delete account `targetId`, or null when they may. Pure: tested as a table. */
export function deleteAccountRefusal(actor: Actor | null, targetId: string) {
  if (!actor || !isAdminRole(actor.role)) return "forbidden" as const;
  if (actor.id === targetId) return "self" as const;
  return null;
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

  // A deadlock only when the member themselves was liking or commenting at that very moment: the
  // whole deletion runs again, and only the committed attempt's after-commit work runs.
  await transaction(
    ctx,
    (tx, afterCommit) => removeAccount(ctx, tx, afterCommit, actor.id, userId),
    { retryOn: isDeadlock, attempts: 3 },
  );
  return { message: ADMIN_DELETE_MESSAGES.deleted };
}

/** Once the account is gone: its files, its counters, its open sockets. Each failure is only logged. */
async function afterAccountRemoved(ctx: AppContext, userId: string, files: string[]) {
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
}

/**
 * The database side of a deletion; what goes once it has committed is queued on `afterCommit`.
 * The member's row is locked first (FOR UPDATE): nothing of theirs can be added meanwhile, and a
 * second deletion of the same member waits and then finds no one (404).
 */
async function removeAccount(
  ctx: AppContext,
  tx: Tx,
  afterCommit: AfterCommit,
  actorId: string,
  userId: string,
) {
  // The actor is locked too and must still be an Admin: two admins deleting each other at once
  // cannot both succeed.
  const target = await lockActorAndTarget(tx, actorId, userId);
  if (!target) throw notFound(ADMIN_DELETE_MESSAGES.userNotFound);

  const afterRow: (() => Promise<void>)[] = [];
  const deletion: AccountDeletion = {
    userId,
    files: [],
    afterCommit,
    afterRowDeleted: (work) => afterRow.push(work),
  };
  // Queued first, so it runs before what the steps queue (the member is gone before others are
  // told); it reads the files the steps list meanwhile.
  afterCommit(() => afterAccountRemoved(ctx, userId, deletion.files));
  for (const feature of ctx.features)
    await feature.deleteAccount?.inTransaction?.(ctx, tx, deletion);

  // Bans they gave keep their reason and date; "banned by" is no one now.
  await tx.update(users).set({ bannedBy: null }).where(eq(users.bannedBy, userId));

  // The member's row; everything else of theirs goes with it (ON DELETE CASCADE): sessions, reset
  // keys, follows both ways, follow requests, blocks, their posts and the posts on their page with
  // those posts' comments and likes, tickets, DJ applications and credentials, bookings, chat likes,
  // notifications. Columns that only record who did something are set null by the schema (IP bans'
  // banned by and account, DJ decisions, bookings made for others, GIFs uploaded, conversations started).
  await tx.delete(users).where(eq(users.id, userId));

  // What the features do once the row and its cascades are gone (posts: counters of what stays).
  for (const work of afterRow) await work();
}
