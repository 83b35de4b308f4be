import {
  BATTLESHIPS_LIMITS,
  type BattleshipsErrorEvent,
  type BattleshipsOffer,
  type BattleshipsShotResult,
  type BattleshipsState,
  BATTLESHIPS_CLIENT_EVENTS as IN,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { battleshipsGames, type StoredShip } from "../src/features/battleships/schema.ts";
import type { DbOrTx } from "../src/platform/db/index.ts";
import type { ChatClient } from "./chat-client.ts";

/** Helpers of the battleships tests (server side): moves as a client makes them, reads as a test checks. */

export async function gameRow(db: DbOrTx, gameId: string) {
  const [row] = await db.select().from(battleshipsGames).where(eq(battleshipsGames.id, gameId));
  if (!row) throw new Error(`no game ${gameId}`);
  return row;
}

/** `client` offers a game; resolves with the offer as `watcher` (or the client) hears it. */
export async function offer(client: ChatClient, wager: number, watcher: ChatClient = client) {
  client.socket.emit(IN.create, { wager });
  return watcher.next<BattleshipsOffer>(
    OUT.offer,
    (o) => o.initiator.id === client.member.user.id && o.state === "open",
  );
}

/** `a` offers, `b` accepts: both get their start view. Answers the game id and both fleets. */
export async function startGame(db: DbOrTx, a: ChatClient, b: ChatClient, wager: number) {
  const open = await offer(a, wager, b);
  b.socket.emit(IN.accept, { gameId: open.gameId });
  const startA = await a.next<BattleshipsState>(OUT.start, (s) => s.gameId === open.gameId);
  const startB = await b.next<BattleshipsState>(OUT.start, (s) => s.gameId === open.gameId);
  const row = await gameRow(db, open.gameId);
  const fleetOf = (id: string) =>
    (id === row.initiatorId ? row.initiatorFleet : row.opponentFleet) as StoredShip[];
  return {
    gameId: open.gameId,
    startA,
    startB,
    fleetA: fleetOf(a.member.user.id),
    fleetB: fleetOf(b.member.user.id),
  };
}

/** `client` shoots; resolves with the shot's result as they receive it. */
export async function shootAt(client: ChatClient, gameId: string, row: number, col: number) {
  client.socket.emit(IN.shoot, { gameId, row, col });
  return client.next<BattleshipsShotResult>(
    OUT.shotResult,
    (r) =>
      r.gameId === gameId &&
      r.row === row &&
      r.col === col &&
      r.shooterId === client.member.user.id,
  );
}

export async function refusal(client: ChatClient): Promise<string> {
  return (await client.next<BattleshipsErrorEvent>(OUT.error)).message;
}

/** Every cell of a fleet. */
export const cellsOf = (fleet: readonly StoredShip[]) => fleet.flatMap((s) => s.cells);

/** The grid's cells no ship of `fleet` covers, in reading order. */
export function waterOf(fleet: readonly StoredShip[]): [number, number][] {
  const taken = new Set(cellsOf(fleet).map(([r, c]) => `${r},${c}`));
  const out: [number, number][] = [];
  for (let r = 0; r < BATTLESHIPS_LIMITS.gridSize; r++)
    for (let c = 0; c < BATTLESHIPS_LIMITS.gridSize; c++)
      if (!taken.has(`${r},${c}`)) out.push([r, c]);
  return out;
}

/**
 * Plays a game to its end: `winner` shoots every cell of `loserFleet`, `loser` shoots water of
 * `winnerFleet` in between (never sinking anything). `first` (whose turn it is) starts. Answers the
 * last shot's result as the winner and the loser received it.
 */
export async function playToEnd(
  gameId: string,
  first: ChatClient,
  second: ChatClient,
  winner: ChatClient,
  winnerFleet: readonly StoredShip[],
  loserFleet: readonly StoredShip[],
): Promise<{ won: BattleshipsShotResult; lost: BattleshipsShotResult }> {
  const targets = cellsOf(loserFleet);
  const misses = waterOf(winnerFleet);
  let last: BattleshipsShotResult | undefined;
  let heard: BattleshipsShotResult | undefined;
  let turn = first;
  while (targets.length > 0) {
    const other = turn === first ? second : first;
    const cell = (turn === winner ? targets : misses).shift();
    if (!cell) throw new Error("out of cells");
    const result = await shootAt(turn, gameId, cell[0], cell[1]);
    heard = await other.next<BattleshipsShotResult>(
      OUT.shotResult,
      (r) =>
        r.gameId === gameId &&
        r.row === cell[0] &&
        r.col === cell[1] &&
        r.shooterId === turn.member.user.id,
    );
    if (turn === winner) last = result;
    turn = other;
  }
  if (!last || !heard) throw new Error("no shot");
  return { won: last, lost: heard };
}
