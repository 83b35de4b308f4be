import { PM_WINDOW } from "@airwave/contracts";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import {
  type Bounds,
  clampRect,
  moveRect,
  type Rect,
  resizeRect,
  viewportSize,
} from "./geometry.ts";

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export type DragKind = "move" | "resize";

/**
 * A floating window's place and size (the private-message window, the cam windows): dragged by a
 * handle (`dragHandlers("move")`) and resized by another (`dragHandlers("resize")`), with the
 * pointer or the arrow keys, kept inside the viewport within `bounds` (also when the browser
 * window changes size, while `active`).
 */
export function useWindowRect(initial: () => Rect, bounds?: Bounds, active = true) {
  const [rect, setRect] = useState<Rect>(initial);
  const drag = useRef<{ kind: DragKind; x: number; y: number; start: Rect } | null>(null);

  useEffect(() => {
    if (!active) return;
    const keepInside = () => setRect((r) => clampRect(r, viewportSize(), bounds));
    keepInside();
    window.addEventListener("resize", keepInside);
    return () => window.removeEventListener("resize", keepInside);
  }, [active, bounds]);

  const moved = (kind: DragKind, from: Rect, dx: number, dy: number) =>
    kind === "move"
      ? moveRect(from, dx, dy, viewportSize(), bounds)
      : resizeRect(from, dx, dy, viewportSize(), bounds);

  const end = (e: PointerEvent<HTMLElement>) => {
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const dragHandlers = (kind: DragKind) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      drag.current = { kind, x: e.clientX, y: e.clientY, start: rect };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (d) setRect(moved(d.kind, d.start, e.clientX - d.x, e.clientY - d.y));
    },
    onPointerUp: end,
    onPointerCancel: end,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const arrow = ARROWS[e.key];
      if (!arrow) return;
      e.preventDefault();
      const [dx, dy] = arrow.map((n) => n * PM_WINDOW.keyboardStep) as [number, number];
      setRect((r) => moved(kind, r, dx, dy));
    },
  });

  return { rect, dragHandlers };
}
