import { COINFLIP_REASONS, COINFLIP_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { and, eq, inArray, or } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { playersOf } from "../arcade/public.ts";
import { moveGamePoints } from "../points/service.ts";
import { coinflipFeedService } from "./feed.ts";
import { coinflipOffers } from "./schema.ts";
import { presentOne } from "./service.ts";

/**
 * The coin flip in an account deletion: the member's offers go with their row (ON DELETE CASCADE),
 * and their ledger with it, but the other player of an accepted flip staked too: that stake comes
 * back (`coinflip-refund`), unless the flip settled first (the state is checked in the update, under
 * the other player's points row, as the sweep does). The room hears each active offer time out, so
 * its card does not wait for a flip that will never come (its players at once, the rest through the
 * feed).
 */
export const coinflipAccountDeletion: AccountDeletionStep = {
  tables: [coinflipOffers],
  async inTransaction(ctx, tx, { userId, afterCommit }) {
    const now = ctx.clock.now();
    const active = await tx
      .select()
      .from(coinflipOffers)
      .where(
        and(
          inArray(coinflipOffers.state, ["open", "accepted"]),
          or(eq(coinflipOffers.initiatorId, userId), eq(coinflipOffers.opponentId, userId)),
        ),
      );
    for (const offer of active) {
      const other = offer.initiatorId === userId ? offer.opponentId : offer.initiatorId;
      const move = { reason: COINFLIP_REASONS.refund, reference: offer.id, now };
      if (other) await moveGamePoints(ctx, tx, afterCommit, { ...move, userId: other, delta: 0 });
      const [ended] = await tx
        .update(coinflipOffers)
        .set({ state: "expired" })
        .where(and(eq(coinflipOffers.id, offer.id), eq(coinflipOffers.state, offer.state)))
        .returning();
      if (!ended) continue;
      if (other && offer.state === "accepted") {
        await moveGamePoints(ctx, tx, afterCommit, { ...move, userId: other, delta: offer.wager });
      }
      const view = await presentOne(tx, ended);
      afterCommit(() => {
        ctx.realtime.publish(OUT.timeout, { offerId: offer.id }, playersOf(offer));
        ctx.services.get(coinflipFeedService).note(view);
      });
    }
  },
};
