import {
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_REASONS,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { and, eq, inArray, or } from "drizzle-orm";
import type { AccountDeletionStep } from "../../platform/feature.ts";
import { namesOf, onlyTo, playerOf, wholeRoom } from "../arcade/public.ts";
import { moveGamePoints } from "../points/service.ts";
import { shotsOf } from "./players.ts";
import { battleshipsGames, battleshipsShots } from "./schema.ts";
import { viewFor } from "./view.ts";

/**
 * Battleships in an account deletion (as the coin flip's): the member's games go with their row
 * (ON DELETE CASCADE), their ledger with it; the other player of a game in play staked too: that
 * stake comes back (`battleships-refund`) and the game ends cancelled, unless it ended first (the
 * state is checked in the update, under the other player's points row). The other player gets
 * their final view and the message; the room hears an open offer time out.
 */
export const battleshipsAccountDeletion: AccountDeletionStep = {
  tables: [battleshipsGames, battleshipsShots],
  async inTransaction(ctx, tx, { userId, afterCommit }) {
    const now = ctx.clock.now();
    const active = await tx
      .select()
      .from(battleshipsGames)
      .where(
        and(
          inArray(battleshipsGames.state, ["open", "active"]),
          or(eq(battleshipsGames.initiatorId, userId), eq(battleshipsGames.opponentId, userId)),
        ),
      );
    for (const game of active) {
      const other = game.initiatorId === userId ? game.opponentId : game.initiatorId;
      const move = { reason: BATTLESHIPS_REASONS.refund, reference: game.id, now };
      if (other) await moveGamePoints(ctx, tx, afterCommit, { ...move, userId: other, delta: 0 });
      const [ended] = await tx
        .update(battleshipsGames)
        .set(
          game.state === "open"
            ? { state: "expired" }
            : { state: "finished", endReason: "cancelled", endedAt: now, turnId: null },
        )
        .where(and(eq(battleshipsGames.id, game.id), eq(battleshipsGames.state, game.state)))
        .returning();
      if (!ended) continue;
      if (game.state === "open") {
        afterCommit(() => ctx.realtime.publish(OUT.timeout, { gameId: game.id }, wholeRoom));
        continue;
      }
      if (!other) continue;
      await moveGamePoints(ctx, tx, afterCommit, { ...move, userId: other, delta: ended.wager });
      const names = await namesOf(tx, [ended]);
      const state = viewFor(ended, await shotsOf(tx, game.id), other, playerOf(names, userId));
      afterCommit(() =>
        ctx.realtime.publish(
          OUT.opponentDisconnect,
          { gameId: game.id, message: BATTLESHIPS_MESSAGES.cancelled, state },
          onlyTo(other),
        ),
      );
    }
  },
};
