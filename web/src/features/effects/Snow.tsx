import { useEffect, useRef } from "react";
import { EFFECTS_Z_INDEX } from "./layers.ts";
import { usePrefersReducedMotion } from "./reduced-motion.ts";
import { drawFlakes, makeFlakes, stepFlakes } from "./snow.ts";

/**
 * Falling snow over the whole screen (chat spec 4 and 9: 80 flakes), drawn on a canvas that never
 * takes a click. With reduced motion the flakes are drawn once and stay still.
 */
export function Snow() {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const still = usePrefersReducedMotion();

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    let width = 0;
    let height = 0;
    let flakes = makeFlakes(window.innerWidth, window.innerHeight);
    const size = () => {
      const ratio = window.devicePixelRatio || 1;
      const w = window.innerWidth;
      const h = window.innerHeight;
      if (width && height && (w !== width || h !== height)) {
        // Keep the flakes where they are, relative to the new size.
        for (const f of flakes) {
          f.x = (f.x / width) * w;
          f.y = (f.y / height) * h;
        }
      }
      width = w;
      height = h;
      el.width = Math.round(w * ratio);
      el.height = Math.round(h * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawFlakes(ctx, flakes, width, height);
    };
    size();
    window.addEventListener("resize", size);

    let frame = 0;
    if (!still) {
      const tick = () => {
        stepFlakes(flakes, width, height);
        drawFlakes(ctx, flakes, width, height);
        frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", size);
      flakes = [];
    };
  }, [still]);

  return (
    <canvas
      ref={canvas}
      aria-hidden
      data-effect="snow"
      data-animated={still ? "false" : "true"}
      style={{
        position: "fixed",
        inset: 0,
        width: "100vw",
        height: "100dvh",
        pointerEvents: "none",
        zIndex: EFFECTS_Z_INDEX,
      }}
    />
  );
}
