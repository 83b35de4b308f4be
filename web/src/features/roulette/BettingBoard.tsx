import {
  betKey,
  type RouletteBet,
  rouletteColor,
  ROULETTE_UI_TEXTS as T,
} from "@airwave/contracts";
import { Box, ButtonBase } from "@mui/material";
import { POCKET_FILL } from "./Wheel.tsx";

/** A position on the table (a bet without its amount). */
export type Position = Pick<RouletteBet, "type" | "value">;

/** The numbers' rows as the table shows them: 3, 6 … 36 on top, 1, 4 … 34 at the bottom. */
const ROWS = [3, 2, 1].map((top) => Array.from({ length: 12 }, (_, i) => top + i * 3));
/** A cell's name: the bet, then what the cell shows when the bet's name lacks it (WCAG 2.5.3). */
const betName = (position: Position, label: string) => {
  const name = T.betOn(positionLabel(position));
  return name.includes(label) ? name : `${name}, ${label}`;
};

/** The 2:1 column bet of each row (the top row is column 3). */
const ROW_COLUMN = [3, 2, 1];

const positionLabel = (p: Position): string => {
  switch (p.type) {
    case "number":
      return String(p.value);
    case "column":
      return T.betLabels.column(p.value as number);
    case "dozen":
      return T.betLabels.dozen(p.value as number);
    case "range":
      return T.betLabels.range(String(p.value));
    case "even-odd":
      return p.value === "even" ? T.betLabels.even : T.betLabels.odd;
    case "color":
      return p.value === "red" ? T.betLabels.red : T.betLabels.black;
  }
};

function Cell({
  position,
  label,
  amount,
  disabled,
  onBet,
  fill,
  column,
  row,
  highlight,
}: {
  position: Position;
  label: string;
  amount: number;
  disabled: boolean;
  onBet: (p: Position) => void;
  fill?: string;
  column: string;
  row: string;
  highlight: boolean;
}) {
  return (
    <ButtonBase
      onClick={() => onBet(position)}
      disabled={disabled}
      aria-label={`${betName(position, label)}${amount ? ` (${amount})` : ""}`}
      sx={{
        gridColumn: column,
        gridRow: row,
        position: "relative",
        minWidth: 0,
        minHeight: { xs: 30, sm: 36 },
        fontSize: { xs: 11, sm: 13 },
        fontWeight: 700,
        color: "#fff",
        bgcolor: fill ?? "rgba(46,125,50,0.35)",
        border: "1px solid rgba(255,255,255,0.35)",
        outline: highlight ? "2px solid #fbbf24" : "none",
        outlineOffset: -2,
        "&:hover": { filter: "brightness(1.25)" },
        "&.Mui-disabled": { color: "#fff", opacity: 0.85 },
      }}
    >
      {label}
      {amount > 0 && (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: "absolute",
            top: -3,
            right: -3,
            zIndex: 1,
            minWidth: 15,
            px: 0.3,
            borderRadius: 8,
            fontSize: 9,
            lineHeight: "13px",
            boxShadow: "0 0 0 1px rgba(0,0,0,0.5)",
            bgcolor: "#fbbf24",
            color: "#111",
            fontWeight: 800,
          }}
        >
          {amount}
        </Box>
      )}
    </ButtonBase>
  );
}

/**
 * The betting table (chat spec 9): 0, the numbers 1-36 in three rows, each row's column (2:1), the
 * dozens, and the even-money bets (1-18, even, red, black, odd, 19-36). A click puts the chosen chip
 * on a position; each position shows what is on it. `winning` outlines the drawn number's cell.
 */
export function BettingBoard({
  bets,
  disabled,
  onBet,
  winning,
}: {
  bets: readonly RouletteBet[];
  disabled: boolean;
  onBet: (p: Position) => void;
  winning: number | null;
}) {
  const on = new Map(bets.map((b) => [betKey(b), b.amount]));
  const cell = (position: Position, column: string, row: string, label?: string, fill?: string) => (
    <Cell
      key={betKey(position)}
      position={position}
      label={label ?? positionLabel(position)}
      amount={on.get(betKey(position)) ?? 0}
      disabled={disabled}
      onBet={onBet}
      fill={fill}
      column={column}
      row={row}
      highlight={position.type === "number" && position.value === winning}
    />
  );
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: "minmax(0, 1.1fr) repeat(12, minmax(0, 1fr)) minmax(0, 1.2fr)",
        gap: "2px",
        p: "3px",
        borderRadius: 1,
        bgcolor: "#14532d",
        userSelect: "none",
      }}
    >
      {cell({ type: "number", value: 0 }, "1", "1 / span 3", "0", POCKET_FILL.green)}
      {ROWS.map((numbers, r) =>
        numbers.map((n, c) =>
          cell(
            { type: "number", value: n },
            String(c + 2),
            String(r + 1),
            String(n),
            POCKET_FILL[rouletteColor(n)],
          ),
        ),
      )}
      {ROW_COLUMN.map((col, r) =>
        cell({ type: "column", value: col }, "14", String(r + 1), T.betLabels.twoToOne),
      )}
      {[1, 2, 3].map((d) => cell({ type: "dozen", value: d }, `${2 + (d - 1) * 4} / span 4`, "4"))}
      {cell({ type: "range", value: "1-18" }, "2 / span 2", "5")}
      {cell({ type: "even-odd", value: "even" }, "4 / span 2", "5")}
      {cell({ type: "color", value: "red" }, "6 / span 2", "5", undefined, POCKET_FILL.red)}
      {cell({ type: "color", value: "black" }, "8 / span 2", "5", undefined, POCKET_FILL.black)}
      {cell({ type: "even-odd", value: "odd" }, "10 / span 2", "5")}
      {cell({ type: "range", value: "19-36" }, "12 / span 2", "5")}
    </Box>
  );
}
