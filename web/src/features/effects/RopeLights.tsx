import { EFFECT_LIMITS } from "@airwave/contracts";
import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "./reduced-motion.ts";
import { ropeBulbs, ropePath } from "./rope.ts";

const WIRE_TOP = 2;
const WIRE_SAG = 7;
const HEIGHT = 24;

/** The class of a blinking bulb's glass; its delay comes from `--rope-delay`. */
export const BLINK_CLASS = "aw-rope-blink";

/** The blink, once for the page (React hoists and dedupes it by `href`). */
const BLINK_CSS = `
@keyframes aw-rope-blink { 0%, 100% { opacity: 1; } 50% { opacity: 0.3; } }
.${BLINK_CLASS} {
  animation: aw-rope-blink ${EFFECT_LIMITS.ropeBlinkMs}ms ease-in-out infinite;
  animation-delay: var(--rope-delay, 0ms);
}
@media (prefers-reduced-motion: reduce) { .${BLINK_CLASS} { animation: none; } }
`;

/** The width of an element, followed as it changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver !== "undefined") {
      const observer = new ResizeObserver(measure);
      observer.observe(el);
      return () => observer.disconnect();
    }
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  return [ref, width] as const;
}

/**
 * A string of blinking Christmas lights along the bottom edge of its (positioned) parent
 * (community spec 1): one bulb every 40 px, or every 50 px in the top bar; 5 colours, 10 blink
 * delays. Pure decoration: hidden from assistive technology, never takes a click. With reduced
 * motion the bulbs stay lit.
 */
export function RopeLights({
  spacing = EFFECT_LIMITS.ropeBulbSpacing,
  placement = "bottom",
}: {
  spacing?: number;
  /** `bottom`: hangs below the parent's bottom edge (top bar); `top`: inside, along its top. */
  placement?: "bottom" | "top";
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const still = usePrefersReducedMotion();
  const bulbs = ropeBulbs(width, spacing);

  return (
    <div
      ref={ref}
      aria-hidden
      data-effect="rope-lights"
      data-bulbs={bulbs.length}
      data-animated={still ? "false" : "true"}
      style={{
        position: "absolute",
        left: 0,
        right: 0,
        height: HEIGHT,
        pointerEvents: "none",
        overflow: "hidden",
        zIndex: 1,
        ...(placement === "bottom" ? { bottom: -HEIGHT + WIRE_TOP + 3 } : { top: 0 }),
      }}
    >
      {!still && (
        <style href="aw-rope-lights" precedence="default">
          {BLINK_CSS}
        </style>
      )}
      {width > 0 && (
        <svg
          aria-hidden="true"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          style={{ position: "absolute", inset: 0, display: "block" }}
        >
          <path
            d={ropePath(width, spacing, WIRE_TOP, WIRE_SAG)}
            fill="none"
            stroke="#1f3d24"
            strokeWidth={2}
          />
        </svg>
      )}
      {bulbs.map((b) => (
        <div
          key={b.x}
          data-bulb={b.colour}
          style={{
            position: "absolute",
            left: b.x - 4,
            top: WIRE_SAG - 1,
            width: 8,
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
          }}
        >
          <div style={{ width: 5, height: 4, background: "#2b2f2b", borderRadius: 1 }} />
          <div
            className={still ? undefined : BLINK_CLASS}
            style={
              {
                width: 8,
                height: 11,
                background: b.colour,
                borderRadius: "50% 50% 50% 50% / 40% 40% 60% 60%",
                boxShadow: `0 0 6px 2px ${b.colour}99`,
                "--rope-delay": `${b.delayMs}ms`,
              } as CSSProperties
            }
          />
        </div>
      ))}
    </div>
  );
}
