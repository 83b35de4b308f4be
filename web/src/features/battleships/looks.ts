import type { BattleshipsState } from "@airwave/contracts";
import { type CellLook, shotLook } from "./Grid.tsx";

/** The member's own grid: their ships, the opponent's misses and hits on them (sunk ships marked). */
export function ownLooks(state: BattleshipsState): CellLook[][] {
  const sunk = new Set(state.yourShips.filter((s) => s.sunk).map((s) => s.id));
  return state.yourGrid.map((row, r) =>
    row.map((shipId, c): CellLook => {
      const shot = shotLook(state.opponentShots[r]?.[c] ?? 0);
      if (shipId && sunk.has(shipId)) return "sunk";
      if (shot !== "unknown") return shot;
      return shipId ? "ship" : "water";
    }),
  );
}

/** The target grid: the member's own shots, the ships they sank marked. */
export function targetLooks(state: BattleshipsState): CellLook[][] {
  const sunk = new Set(
    state.opponentShips.flatMap((s) => (s.sunk ? s.cells.map(([r, c]) => `${r},${c}`) : [])),
  );
  return state.yourShots.map((row, r) =>
    row.map((v, c): CellLook => (sunk.has(`${r},${c}`) ? "sunk" : shotLook(v))),
  );
}
