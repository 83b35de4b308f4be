import { ADMIN_DELETE_MESSAGES, DEFAULT_PROFILE_IMAGE } from "@airwave/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { inGroups } from "../../platform/db/in-groups.ts";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { chatLikes, chatMessages } from "./schema.ts";

/**
 * Chat in an account deletion: lines stay where they are, anonymised: no sender, the deleted-member
 * name and the default picture; quotes of their lines in replies name the deleted member too. A chat
 * image showing one of their files goes, as the file does (so this runs after the uploads step, which
 * lists their files). Their likes go with their row.
 */
export const chatAccountDeletion: AccountDeletionStep = {
  tables: [chatMessages, chatLikes],
  async inTransaction(ctx, tx, { userId, files }) {
    const name = ADMIN_DELETE_MESSAGES.deletedMember;
    const imageUrls = files.map((key) => ctx.storage.publicUrl(key));
    for (const urls of inGroups(imageUrls)) {
      await tx
        .delete(chatMessages)
        .where(and(eq(chatMessages.type, "image"), inArray(chatMessages.message, urls)));
    }
    await tx
      .update(chatMessages)
      .set({
        replyTo: sql`jsonb_set(${chatMessages.replyTo}, '{username}', to_jsonb(${name}::text))`,
      })
      .where(
        sql`${chatMessages.replyTo}->>'id' in (select ${chatMessages.id} from ${chatMessages} where ${chatMessages.senderId} = ${userId})`,
      );
    await tx
      .update(chatMessages)
      .set({
        senderId: null,
        username: name,
        profileimage: DEFAULT_PROFILE_IMAGE,
        usernameStyle: null,
      })
      .where(eq(chatMessages.senderId, userId));
    return undefined;
  },
};
