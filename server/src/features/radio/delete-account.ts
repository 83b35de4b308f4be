import { sql } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { settings } from "../../platform/settings.schema.ts";

/**
 * The radio in an account deletion: the live-DJ record (a setting) names no member any more; it
 * keeps their name until that broadcast ends. No table of the radio references users.
 */
export const radioAccountDeletion: AccountDeletionStep = {
  tables: [],
  async inTransaction(_ctx, tx, { userId }) {
    await tx
      .update(settings)
      .set({ value: sql`jsonb_set(${settings.value}, '{userId}', 'null'::jsonb)` })
      .where(sql`${settings.value}->>'userId' = ${userId}`);
  },
};
