import {
  BATTLESHIPS_LIMITS,
  type BattleshipsEnd,
  type BattleshipsEnemyShip,
  type BattleshipsPlayer,
  type BattleshipsResult,
  type BattleshipsShip,
  type BattleshipsState,
  SHOT,
  type ShotCell,
} from "@airwave/contracts";
import type { battleshipsGames, battleshipsShots, StoredShip } from "./schema.ts";

export type GameRow = typeof battleshipsGames.$inferSelect;
export type ShotRow = typeof battleshipsShots.$inferSelect;

const size = BATTLESHIPS_LIMITS.gridSize;
const grid = <T>(fill: T): T[][] => Array.from({ length: size }, () => Array<T>(size).fill(fill));

/** The player's fleet and their opponent's, as stored (empty before the game started). */
export function fleetsOf(game: GameRow, userId: string) {
  const mine = game.initiatorId === userId ? game.initiatorFleet : game.opponentFleet;
  const theirs = game.initiatorId === userId ? game.opponentFleet : game.initiatorFleet;
  return { mine: mine ?? [], theirs: theirs ?? [] };
}

/** The other player of a game (null for an open offer). */
export const otherPlayer = (game: GameRow, userId: string): string | null =>
  game.initiatorId === userId ? game.opponentId : game.initiatorId;

/** When the game's current turn began: its last shot's time, or the game's start (null: not started). */
export function turnStartOf(game: GameRow, shots: readonly ShotRow[]): Date | null {
  const last = shots.reduce<ShotRow | null>((a, b) => (!a || b.seq > a.seq ? b : a), null);
  return last?.at ?? game.startedAt;
}

const isShotAt = (shots: readonly ShotRow[], cells: readonly [number, number][]) =>
  cells.filter(([r, c]) => shots.some((s) => s.row === r && s.col === c)).length;

/** Whether every ship of `fleet` has all its cells among `shots`. */
export const fleetSunk = (fleet: readonly StoredShip[], shots: readonly ShotRow[]) =>
  fleet.length > 0 && fleet.every((s) => isShotAt(shots, s.cells) === s.length);

/**
 * One player's view of their game (chat spec 3), the only way a game's state leaves the server:
 * their own grid and ships (every cell), the opponent's shots at them, their own shots at the
 * opponent (hit or miss only), and of the opponent's fleet only the lengths, which are sunk, and the
 * cells of the sunk ones (all hit already). The opponent's unshot ship cells are never in it.
 */
export function viewFor(
  game: GameRow,
  shots: readonly ShotRow[],
  userId: string,
  opponent: BattleshipsPlayer,
  result: BattleshipsResult | null = null,
): BattleshipsState {
  const { mine, theirs } = fleetsOf(game, userId);
  const myShots = shots.filter((s) => s.shooterId === userId);
  const theirShots = shots.filter((s) => s.shooterId !== userId);

  const yourGrid = grid(0);
  for (const ship of mine) for (const [r, c] of ship.cells) (yourGrid[r] as number[])[c] = ship.id;
  const yourShips: BattleshipsShip[] = mine.map((ship) => {
    const hits = isShotAt(theirShots, ship.cells);
    return {
      id: ship.id,
      length: ship.length,
      hits,
      sunk: hits === ship.length,
      cells: ship.cells,
    };
  });
  const opponentShips: BattleshipsEnemyShip[] = theirs.map((ship) => {
    const sunk = isShotAt(myShots, ship.cells) === ship.length;
    return { id: ship.id, length: ship.length, sunk, cells: sunk ? ship.cells : [] };
  });
  const cellsOf = (list: readonly ShotRow[]) => {
    const out = grid<ShotCell>(SHOT.unknown);
    for (const s of list) (out[s.row] as ShotCell[])[s.col] = s.hit ? SHOT.hit : SHOT.miss;
    return out;
  };
  const active = game.state === "active";
  const turnStart = active ? turnStartOf(game, shots) : null;
  return {
    gameId: game.id,
    status: active ? "active" : "finished",
    opponent,
    yourGrid,
    yourShips,
    opponentShips,
    opponentShots: cellsOf(theirShots),
    yourShots: cellsOf(myShots),
    currentTurn: active ? game.turnId : null,
    yourTurn: active && game.turnId === userId,
    turnEndsAt: turnStart
      ? new Date(turnStart.getTime() + BATTLESHIPS_LIMITS.turnMs).toISOString()
      : null,
    wager: game.wager,
    winnerId: game.winnerId,
    end: (game.endReason as BattleshipsEnd | null) ?? null,
    result,
  };
}
