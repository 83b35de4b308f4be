import { CHAT_NAMESPACE, pointsPeriod, userRoom } from "@airwave/contracts";
import { inArray } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import type { DbOrTx } from "../../platform/db/index.ts";
import { users } from "../users/schema.ts";

/**
 * What the arcade's games (coin flip, battleships) share about their players: who hears a game's
 * events, the players' names, and whether points games are open. A library of the games, not a
 * feature: it has no manifest and no tables.
 */

/** A game's (or an offer's) two players: the initiator, and the opponent once there is one. */
export interface GamePlayers {
  initiatorId: string;
  opponentId: string | null;
}

/** A player as the games' events show them. */
export interface GamePlayer {
  id: string;
  username: string;
}

/** The whole room (what spectators see: an offer appearing, taken, expired). */
export const wholeRoom = { all: true, namespace: CHAT_NAMESPACE } as const;

/** One member's chat connections (everything about a game in play goes only to its players). */
export const onlyTo = (userId: string) =>
  ({ room: userRoom(userId), namespace: CHAT_NAMESPACE }) as const;

/** Both players' chat connections (the initiator's alone while nobody has accepted). */
export function playersOf(row: GamePlayers) {
  const rooms = [userRoom(row.initiatorId)];
  if (row.opponentId) rooms.push(userRoom(row.opponentId));
  return { rooms, namespace: CHAT_NAMESPACE } as const;
}

/** Points games are closed while the points are frozen (the 25th to the 1st, station time). */
export const gamesClosed = (ctx: AppContext, now: Date): boolean =>
  pointsPeriod(now, ctx.config.STATION_TIMEZONE).frozen;

/** The games' players' names, by id (one query for them all). */
export async function namesOf(
  db: DbOrTx,
  rows: readonly GamePlayers[],
): Promise<Map<string, string>> {
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

/** The player `id` with their name from `names` (empty when their account is gone). */
export const playerOf = (names: Map<string, string>, id: string): GamePlayer => ({
  id,
  username: names.get(id) ?? "",
});
