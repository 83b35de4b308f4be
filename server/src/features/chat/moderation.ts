import {
  CHAT_MESSAGES,
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS,
  isAdminRole,
  isStaffRole,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { runAccountBanHooks } from "../../platform/feature.ts";
import { endSessions } from "../../platform/sessions/sessions.ts";
import { banColumns, banKick } from "../auth/bans.ts";
import { type UserRow, users } from "../users/schema.ts";
import { postSystemMessage } from "./system-messages.ts";

/** Who may kick or ban whom (decisions: Admin and Moderator; nobody removes themselves or an Admin). */
async function target(ctx: AppContext, actor: UserRow, userId: string): Promise<UserRow> {
  if (!isStaffRole(actor.role)) throw forbidden(CHAT_MESSAGES.notAllowed);
  if (userId === actor.id) throw badRequest(CHAT_MESSAGES.cannotModerateSelf);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound(CHAT_MESSAGES.userNotFound);
  if (isAdminRole(row.role)) throw forbidden(CHAT_MESSAGES.cannotModerateAdmin);
  return row;
}

/** Kick: the member's chat connections close at once with `force-kick`; they may come back. */
export async function kickFromChat(
  ctx: AppContext,
  actor: UserRow,
  input: { userId: string; reason?: string },
) {
  const user = await target(ctx, actor, input.userId);
  ctx.realtime.disconnectUser(user.id, {
    namespace: CHAT_NAMESPACE,
    event: {
      name: CHAT_SERVER_EVENTS.forceKick,
      payload: { reason: input.reason || CHAT_MESSAGES.kickedReason },
    },
  });
  return { message: CHAT_MESSAGES.kicked(user.username) };
}

/**
 * Ban from the chat room is an account ban (decisions): role banned with the reason, every session
 * ended, every socket closed with a `force-kick` whose reason mentions the ban, and a system-ban
 * line in the room.
 */
export async function banFromChat(
  ctx: AppContext,
  actor: UserRow,
  input: { userId: string; reason?: string },
) {
  const user = await target(ctx, actor, input.userId);
  const reason = input.reason || null;
  await transaction(ctx, async (tx, afterCommit) => {
    const [banned] = await tx
      .update(users)
      .set(banColumns({ reason, expiresAt: null, by: actor.id }))
      .where(eq(users.id, user.id))
      .returning({
        banReason: users.banReason,
        bannedAt: users.bannedAt,
        banExpiresAt: users.banExpiresAt,
      });
    await runAccountBanHooks(ctx, tx, [user.id]);
    await endSessions(
      { tx, afterCommit, realtime: ctx.realtime },
      { userId: user.id },
      banKick(banned ?? { banReason: reason, bannedAt: null, banExpiresAt: null }),
    );
  });
  await postSystemMessage(ctx, "system-ban", CHAT_MESSAGES.banned(user.username));
  return { message: CHAT_MESSAGES.banned(user.username) };
}
