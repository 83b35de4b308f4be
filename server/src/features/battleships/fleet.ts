import { randomInt } from "node:crypto";
import { BATTLESHIPS_LIMITS } from "@airwave/contracts";
import type { StoredShip } from "./schema.ts";

/** A random whole number in [0, max) (node's cryptographic generator unless a test gives one). */
export type RandomInt = (max: number) => number;

/** The most placements tried for one ship before the whole fleet starts again (never met on 8 x 8). */
const TRIES_PER_SHIP = 200;

/**
 * A fleet placed at random (decisions: the server places both fleets; 8 x 8, lengths 4, 3, 2, 2,
 * 1, no overlap): each ship in turn gets a random direction and a random start where it fits on
 * the grid and covers no cell of a ship already placed. Ship ids are 1.. in the fleet's order.
 */
export function placeFleet(random: RandomInt = randomInt): StoredShip[] {
  const size = BATTLESHIPS_LIMITS.gridSize;
  for (;;) {
    const taken = new Set<string>();
    const ships: StoredShip[] = [];
    for (const [i, length] of BATTLESHIPS_LIMITS.fleet.entries()) {
      for (let tries = 0; tries < TRIES_PER_SHIP; tries++) {
        const across = random(2) === 0;
        const row = random(across ? size : size - length + 1);
        const col = random(across ? size - length + 1 : size);
        const cells: [number, number][] = Array.from({ length }, (_, k) =>
          across ? [row, col + k] : [row + k, col],
        );
        if (cells.some(([r, c]) => taken.has(`${r},${c}`))) continue;
        for (const [r, c] of cells) taken.add(`${r},${c}`);
        ships.push({ id: i + 1, length, cells });
        break;
      }
    }
    if (ships.length === BATTLESHIPS_LIMITS.fleet.length) return ships;
  }
}

/** The ship of `fleet` covering the cell, if any. */
export const shipAt = (fleet: readonly StoredShip[], row: number, col: number) =>
  fleet.find((s) => s.cells.some(([r, c]) => r === row && c === col));
