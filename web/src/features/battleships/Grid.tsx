import {
  BATTLESHIPS_LIMITS,
  SHOT,
  type ShotCell,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import { Box, ButtonBase, Typography } from "@mui/material";

/** What one cell of a grid shows. */
export type CellLook = "water" | "ship" | "miss" | "hit" | "sunk" | "unknown";

const COLOURS: Record<CellLook, string> = {
  water: "rgba(34,211,238,0.10)",
  unknown: "rgba(255,255,255,0.06)",
  ship: "rgba(167,139,250,0.55)",
  miss: "rgba(148,163,184,0.25)",
  hit: "#f97316",
  sunk: "#dc2626",
};

const MARKS: Record<CellLook, string> = {
  water: "",
  unknown: "",
  ship: "",
  miss: "•",
  hit: "✕",
  sunk: "✕",
};

/** The cell's words for screen readers (and the browser tests). */
const SAID: Record<CellLook, string> = {
  water: T.cellStates.water,
  unknown: T.cellStates.unknown,
  ship: T.cellStates.ship,
  miss: T.cellStates.miss,
  hit: T.cellStates.hit,
  sunk: T.cellStates.hit,
};

export const shotLook = (v: ShotCell): CellLook =>
  v === SHOT.hit ? "hit" : v === SHOT.miss ? "miss" : "unknown";

const rowName = (r: number) => String.fromCharCode(65 + r);

/** The rows' and columns' numbers, 0 to 7. */
const AXIS = Array.from({ length: BATTLESHIPS_LIMITS.gridSize }, (_, i) => i);

/**
 * An 8 x 8 grid with its row letters and column numbers. A cell is a button when `onShoot` is given
 * and `canShoot` says so (the target grid on the member's turn), otherwise a plain square.
 */
export function Grid({
  label,
  looks,
  onShoot,
  canShoot,
  compact = false,
}: {
  label: string;
  looks: CellLook[][];
  onShoot?: (row: number, col: number) => void;
  canShoot?: (row: number, col: number) => boolean;
  /** Smaller on a phone (the member's own grid, which they only look at). */
  compact?: boolean;
}) {
  return (
    <Box sx={{ width: "100%", maxWidth: { xs: compact ? 250 : 340, md: 340 }, mx: "auto" }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 2 }}>
        {label}
      </Typography>
      <Box
        role="group"
        aria-label={label}
        sx={{
          display: "grid",
          gridTemplateColumns: `1.2em repeat(${AXIS.length}, 1fr)`,
          gap: "3px",
          fontSize: 11,
          alignItems: "center",
        }}
      >
        <span />
        {AXIS.map((c) => (
          <Box key={`h${c}`} sx={{ textAlign: "center", color: "text.secondary" }} aria-hidden>
            {c + 1}
          </Box>
        ))}
        {AXIS.map((r) => [
          <Box key={`r${r}`} sx={{ color: "text.secondary" }} aria-hidden>
            {rowName(r)}
          </Box>,
          ...AXIS.map((c) => {
            const look = looks[r]?.[c] ?? "unknown";
            const name = T.cellLabel(r, c, SAID[look]);
            const active = !!onShoot && (canShoot?.(r, c) ?? true);
            const sx = {
              aspectRatio: "1",
              width: "100%",
              borderRadius: "4px",
              display: "grid",
              placeItems: "center",
              fontSize: 14,
              fontWeight: 900,
              color: look === "miss" ? "text.secondary" : "#fff",
              bgcolor: COLOURS[look],
              border: "1px solid rgba(255,255,255,0.08)",
            } as const;
            return onShoot ? (
              <ButtonBase
                key={`${r},${c}`}
                aria-label={name}
                disabled={!active}
                onClick={() => onShoot(r, c)}
                sx={{
                  ...sx,
                  cursor: active ? "crosshair" : "default",
                  "&:hover": active ? { bgcolor: "rgba(34,211,238,0.35)" } : undefined,
                  "&:focus-visible": { outline: "2px solid #22d3ee" },
                }}
              >
                {MARKS[look]}
              </ButtonBase>
            ) : (
              <Box key={`${r},${c}`} role="img" aria-label={name} sx={sx}>
                {MARKS[look]}
              </Box>
            );
          }),
        ])}
      </Box>
    </Box>
  );
}
