import type { BattleshipsOffer, BattleshipsState } from "@airwave/contracts";
import { me } from "../../test/fake-session.tsx";

/** The other member of the tests. */
export const bob = { id: "u-bob", username: "bob" };

/** An offer as the room hears it (open, by bob, 10 points, unless told). */
export const bsOffer = (over: Partial<BattleshipsOffer> = {}): BattleshipsOffer => ({
  gameId: "bs-1",
  state: "open",
  initiator: bob,
  opponent: null,
  wager: 10,
  createdAt: "2026-03-10T12:00:00.000Z",
  expiresAt: "2026-03-10T12:01:00.000Z",
  ...over,
});

const empty = () => Array.from({ length: 8 }, () => Array<0>(8).fill(0));

/**
 * The member's view of a game against bob: their ship 1 (length 2) at A1-A2, ship 2 (length 1) at
 * C3; bob shot A1 (hit) and H8 (miss); the member shot B2 (hit) and D4 (miss). The member's turn.
 */
export function bsState(over: Partial<BattleshipsState> = {}): BattleshipsState {
  const yourGrid = empty() as number[][];
  (yourGrid[0] as number[])[0] = 1;
  (yourGrid[0] as number[])[1] = 1;
  (yourGrid[2] as number[])[2] = 2;
  const opponentShots = empty() as (0 | 1 | 2)[][];
  (opponentShots[0] as (0 | 1 | 2)[])[0] = 2;
  (opponentShots[7] as (0 | 1 | 2)[])[7] = 1;
  const yourShots = empty() as (0 | 1 | 2)[][];
  (yourShots[1] as (0 | 1 | 2)[])[1] = 2;
  (yourShots[3] as (0 | 1 | 2)[])[3] = 1;
  return {
    gameId: "bs-1",
    status: "active",
    opponent: bob,
    yourGrid,
    yourShips: [
      {
        id: 1,
        length: 2,
        hits: 1,
        sunk: false,
        cells: [
          [0, 0],
          [0, 1],
        ],
      },
      { id: 2, length: 1, hits: 0, sunk: false, cells: [[2, 2]] },
    ],
    opponentShips: [
      { id: 1, length: 2, sunk: false, cells: [] },
      { id: 2, length: 1, sunk: false, cells: [] },
    ],
    opponentShots,
    yourShots,
    currentTurn: me._id,
    yourTurn: true,
    turnEndsAt: null,
    wager: 10,
    winnerId: null,
    end: null,
    result: null,
    ...over,
  };
}
