import type { BattleshipsGameState, BattleshipsOffer } from "@airwave/contracts";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { playerOf } from "../arcade/public.ts";
import { battleshipsGames, battleshipsShots } from "./schema.ts";
import type { GameRow, ShotRow } from "./view.ts";

/** A game as the room sees it: the offer (no fleets, no shots). */
export function presentOffer(row: GameRow, names: Map<string, string>): BattleshipsOffer {
  return {
    gameId: row.id,
    state: row.state as BattleshipsGameState,
    initiator: playerOf(names, row.initiatorId),
    opponent: row.opponentId ? playerOf(names, row.opponentId) : null,
    wager: row.wager,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A game's shots, in order. */
export const shotsOf = (db: DbOrTx, gameId: string): Promise<ShotRow[]> =>
  db
    .select()
    .from(battleshipsShots)
    .where(eq(battleshipsShots.gameId, gameId))
    .orderBy(asc(battleshipsShots.seq));

/** The member's open offer or game in play, if any (read under their points row's lock). */
export async function activeGameOf(db: DbOrTx, userId: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(battleshipsGames)
    .where(
      and(
        inArray(battleshipsGames.state, ["open", "active"]),
        or(eq(battleshipsGames.initiatorId, userId), eq(battleshipsGames.opponentId, userId)),
      ),
    )
    .limit(1);
  return row;
}
