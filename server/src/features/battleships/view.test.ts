import { BATTLESHIPS_LIMITS, SHOT } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { placeFleet } from "./fleet.ts";
import type { StoredShip } from "./schema.ts";
import { type GameRow, type ShotRow, viewFor } from "./view.ts";

/** The one function that makes a player's view of a game, and the fleet placement. */

const fleetA: StoredShip[] = [
  {
    id: 1,
    length: 2,
    cells: [
      [0, 0],
      [0, 1],
    ],
  },
  { id: 2, length: 1, cells: [[5, 5]] },
];
const fleetB: StoredShip[] = [
  {
    id: 1,
    length: 2,
    cells: [
      [7, 0],
      [7, 1],
    ],
  },
  { id: 2, length: 1, cells: [[3, 3]] },
];
const game: GameRow = {
  id: "g1",
  initiatorId: "a",
  opponentId: "b",
  wager: 10,
  state: "active",
  createdAt: new Date(0),
  expiresAt: new Date(0),
  startedAt: new Date(0),
  turnId: "b",
  shots: 3,
  initiatorFleet: fleetA,
  opponentFleet: fleetB,
  initiatorAwaySince: null,
  opponentAwaySince: null,
  winnerId: null,
  endReason: null,
  endedAt: null,
};
const shot = (shooterId: string, row: number, col: number, hit: boolean, seq: number): ShotRow => ({
  gameId: "g1",
  shooterId,
  row,
  col,
  hit: hit ? 1 : 0,
  seq,
  at: new Date(0),
});
const shots = [shot("a", 3, 3, true, 0), shot("b", 0, 0, true, 1), shot("a", 7, 0, true, 2)];

describe("viewFor", () => {
  it("shows the player their own fleet and both shot grids, and of the opponent only what they sank", () => {
    const view = viewFor(game, shots, "a", { id: "b", username: "bee" });
    expect(view.yourGrid[0]?.slice(0, 2)).toEqual([1, 1]);
    expect(view.yourGrid[5]?.[5]).toBe(2);
    expect(view.yourGrid[7]?.[0]).toBe(0);
    expect(view.yourShips).toEqual([
      { id: 1, length: 2, hits: 1, sunk: false, cells: fleetA[0]?.cells },
      { id: 2, length: 1, hits: 0, sunk: false, cells: fleetA[1]?.cells },
    ]);
    expect(view.opponentShips).toEqual([
      { id: 1, length: 2, sunk: false, cells: [] },
      { id: 2, length: 1, sunk: true, cells: [[3, 3]] },
    ]);
    expect(view.yourShots[3]?.[3]).toBe(SHOT.hit);
    expect(view.yourShots[7]?.[0]).toBe(SHOT.hit);
    expect(view.yourShots[7]?.[1]).toBe(SHOT.unknown);
    expect(view.opponentShots[0]?.[0]).toBe(SHOT.hit);
    expect(view).toMatchObject({ yourTurn: false, currentTurn: "b", status: "active", wager: 10 });
    // The opponent's unshot ship cell (7, 1) is nowhere in it.
    expect(JSON.stringify(view)).not.toContain("[7,1]");
  });

  it("the other player's view is the mirror", () => {
    const view = viewFor(game, shots, "b", { id: "a", username: "ay" });
    expect(view.yourTurn).toBe(true);
    expect(view.opponentShips.every((s) => !s.sunk && s.cells.length === 0)).toBe(true);
    expect(JSON.stringify(view)).not.toContain("[0,1]");
    expect(JSON.stringify(view)).not.toContain("[5,5]");
  });
});

describe("placeFleet", () => {
  it("places 4, 3, 2, 2, 1 in the grid without overlap, differently each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const fleet = placeFleet();
      expect(fleet.map((s) => s.length)).toEqual([...BATTLESHIPS_LIMITS.fleet]);
      const cells = fleet.flatMap((s) => s.cells.map(([r, c]) => `${r},${c}`));
      expect(new Set(cells).size).toBe(cells.length);
      for (const s of fleet) {
        const rows = new Set(s.cells.map(([r]) => r));
        const cols = new Set(s.cells.map(([, c]) => c));
        expect(rows.size === 1 || cols.size === 1).toBe(true);
        for (const [r, c] of s.cells) {
          expect(Math.min(r, c)).toBeGreaterThanOrEqual(0);
          expect(Math.max(r, c)).toBeLessThan(BATTLESHIPS_LIMITS.gridSize);
        }
      }
      seen.add(JSON.stringify(fleet));
    }
    expect(seen.size).toBeGreaterThan(190);
  });
});
