import { ROULETTE_WHEEL, rouletteColor, ROULETTE_UI_TEXTS as T } from "@airwave/contracts";
import { Box } from "@mui/material";
import { useEffect, useRef, useState } from "react";

/** The pockets' fills. */
export const POCKET_FILL = { red: "#c62828", black: "#1b1b1f", green: "#2e7d32" } as const;

const POCKETS = ROULETTE_WHEEL.length;
const STEP = 360 / POCKETS;
/** Whole turns the wheel makes before it settles. */
const TURNS = 5;

/** The SVG path of pocket `i` (from the top, clockwise) between two radii. */
function pocketPath(i: number, outer: number, inner: number): string {
  const a0 = ((i - 0.5) * STEP - 90) * (Math.PI / 180);
  const a1 = ((i + 0.5) * STEP - 90) * (Math.PI / 180);
  const p = (r: number, a: number) =>
    `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  return `M ${p(outer, a0)} A ${outer} ${outer} 0 0 1 ${p(outer, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 0 0 ${p(inner, a0)} Z`;
}

/**
 * The European wheel (its pockets in `ROULETTE_WHEEL` order) under a fixed pointer at the top. While
 * `spinning` with a `number`, it turns a few times and settles with that pocket under the pointer
 * over `durationMs`; the number shows in the middle once `settled`.
 */
export function Wheel({
  number,
  spinning,
  settled,
  durationMs,
  reducedMotion = false,
}: {
  number: number | null;
  spinning: boolean;
  settled: boolean;
  durationMs: number;
  reducedMotion?: boolean;
}) {
  const [rotation, setRotation] = useState(0);
  const spunFor = useRef<number | null>(null);
  useEffect(() => {
    if (number === null || (!spinning && !settled)) return;
    if (spunFor.current === number) return;
    spunFor.current = number;
    const index = ROULETTE_WHEEL.indexOf(number as (typeof ROULETTE_WHEEL)[number]);
    // The pocket ends at the top: the wheel turns back by its angle, plus whole turns.
    setRotation((r) => {
      const base = Math.ceil(r / 360) * 360 + (spinning && !reducedMotion ? TURNS * 360 : 0);
      return base + (360 - index * STEP);
    });
  }, [number, spinning, settled, reducedMotion]);
  useEffect(() => {
    if (number === null) spunFor.current = null;
  }, [number]);
  const animate = spinning && !reducedMotion;
  return (
    <Box
      role="img"
      aria-label={settled && number !== null ? `${T.wheel}: ${number}` : T.wheel}
      data-number={settled ? number : ""}
      sx={{ position: "relative", width: "100%", maxWidth: 260, aspectRatio: "1", mx: "auto" }}
    >
      {/* The turning wheel, clipped to its circle: its rotated box never covers the page around it. */}
      <Box sx={{ width: "100%", height: "100%", borderRadius: "50%", overflow: "hidden" }}>
        <Box
          component="svg"
          viewBox="-100 -100 200 200"
          sx={{
            display: "block",
            pointerEvents: "none",
            width: "100%",
            height: "100%",
            transform: `rotate(${rotation}deg)`,
            transition: animate
              ? `transform ${durationMs}ms cubic-bezier(0.12, 0.6, 0.15, 1)`
              : "none",
          }}
        >
          <circle r="99" fill="#6d4c2f" />
          {ROULETTE_WHEEL.map((n, i) => (
            <g key={n}>
              <path
                d={pocketPath(i, 94, 66)}
                fill={POCKET_FILL[rouletteColor(n)]}
                stroke="#d4af37"
                strokeWidth="0.5"
              />
              <text
                x="0"
                y="-83"
                transform={`rotate(${i * STEP})`}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize="8"
                fontWeight="700"
                fill="#fff"
              >
                {n}
              </text>
            </g>
          ))}
          <circle r="64" fill="#3e2a1a" stroke="#d4af37" strokeWidth="1" />
          <circle r="22" fill="#d4af37" />
        </Box>
      </Box>
      {/* The pointer, fixed at the top. */}
      <Box
        sx={{
          position: "absolute",
          top: -2,
          left: "50%",
          transform: "translateX(-50%)",
          width: 0,
          height: 0,
          borderLeft: "9px solid transparent",
          borderRight: "9px solid transparent",
          borderTop: "16px solid #fbbf24",
          filter: "drop-shadow(0 1px 2px rgba(0,0,0,.6))",
        }}
      />
      {settled && number !== null && (
        <Box
          sx={{
            position: "absolute",
            inset: 0,
            display: "grid",
            placeItems: "center",
            pointerEvents: "none",
          }}
        >
          <Box
            sx={{
              width: "28%",
              aspectRatio: "1",
              borderRadius: "50%",
              display: "grid",
              placeItems: "center",
              bgcolor: POCKET_FILL[rouletteColor(number)],
              color: "#fff",
              fontWeight: 900,
              fontSize: { xs: 22, sm: 26 },
              border: "2px solid #d4af37",
            }}
          >
            {number}
          </Box>
        </Box>
      )}
    </Box>
  );
}
