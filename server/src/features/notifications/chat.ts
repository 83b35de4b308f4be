import { CHAT_LIMITS, mentionedUsernames, replyPreview } from "@airwave/contracts";
import { inArray, sql } from "drizzle-orm";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { users } from "../../platform/identity/users.schema.ts";
import { notify } from "./service.ts";

/**
 * Mentions in the chat room (chat spec 3): an @name in a member's text message notifies that member
 * (not the sender), once per name, at most ten per message.
 */
export function notifyChatMentions(room: ChatRoom, ctx: AppContext): void {
  room.onMessagePosted(async (message, from) => {
    if (message.type !== "message") return;
    const sender = from.member;
    const names = mentionedUsernames(message.message).filter(
      (n) => n !== sender.username.toLowerCase(),
    );
    if (names.length === 0) return;
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(sql`lower(${users.username})`, names.slice(0, CHAT_LIMITS.mentionsNotifiedMax)),
      );
    for (const row of rows) {
      await notify(ctx, {
        userId: row.id,
        type: "mention",
        fromId: sender._id,
        meta: { messageId: message._id, preview: replyPreview(message.message) },
      });
    }
  });
}
