import {
  type BattleshipsGameState,
  type BattleshipsOffer,
  type BattleshipsPlayer,
  CHAT_NAMESPACE,
  pointsPeriod,
  userRoom,
} from "@airwave/contracts";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { users } from "../users/schema.ts";
import { battleshipsGames, battleshipsShots } from "./schema.ts";
import type { GameRow, ShotRow } from "./view.ts";

/** The whole room (what spectators see: an offer appearing, taken, expired). */
export const wholeRoom = { all: true, namespace: CHAT_NAMESPACE } as const;

/** One member's chat connections (everything about a game in play goes only to its players). */
export const onlyTo = (userId: string) =>
  ({ room: userRoom(userId), namespace: CHAT_NAMESPACE }) as const;

export const frozen = (ctx: AppContext, now: Date) =>
  pointsPeriod(now, ctx.config.STATION_TIMEZONE).frozen;

/** The games' players' names, by id. */
export async function namesOf(db: DbOrTx, rows: readonly GameRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const r of rows) {
    ids.add(r.initiatorId);
    if (r.opponentId) ids.add(r.opponentId);
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((u) => [u.id, u.username]));
}

export const playerOf = (names: Map<string, string>, id: string): BattleshipsPlayer => ({
  id,
  username: names.get(id) ?? "",
});

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
