import { PM_WINDOW } from "@airwave/contracts";

/** The window's place and size in CSS pixels, from the viewport's top left corner. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds {
  minWidth: number;
  minHeight: number;
  margin: number;
}

const BOUNDS: Bounds = {
  minWidth: PM_WINDOW.minWidth,
  minHeight: PM_WINDOW.minHeight,
  margin: PM_WINDOW.margin,
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * A size between its minimum and the space available; where the space is smaller than the
 * minimum (a phone is narrower than 360 + 2 x 16), the space wins: the window stays inside.
 */
const fit = (size: number, min: number, available: number) => {
  const room = Math.max(0, available);
  return clamp(size, Math.min(min, room), room);
};

/**
 * The rect kept inside the viewport (chat spec 2): at least 360 x 320, at most the viewport less
 * 16 px on every side, and moved back so that 16 px stay free on every side.
 */
export function clampRect(rect: Rect, viewport: Size, bounds: Bounds = BOUNDS): Rect {
  const { margin } = bounds;
  const width = fit(rect.width, bounds.minWidth, viewport.width - 2 * margin);
  const height = fit(rect.height, bounds.minHeight, viewport.height - 2 * margin);
  return {
    width,
    height,
    x: clamp(rect.x, margin, Math.max(margin, viewport.width - margin - width)),
    y: clamp(rect.y, margin, Math.max(margin, viewport.height - margin - height)),
  };
}

/** Where the window opens: its default size in the bottom right corner. */
export function defaultRect(viewport: Size, bounds: Bounds = BOUNDS): Rect {
  return clampRect(
    {
      x: viewport.width - bounds.margin - PM_WINDOW.defaultWidth,
      y: viewport.height - bounds.margin - PM_WINDOW.defaultHeight,
      width: PM_WINDOW.defaultWidth,
      height: PM_WINDOW.defaultHeight,
    },
    viewport,
    bounds,
  );
}

/** Dragged by (dx, dy) from where the drag started. */
export const moveRect = (start: Rect, dx: number, dy: number, viewport: Size, bounds = BOUNDS) =>
  clampRect({ ...start, x: start.x + dx, y: start.y + dy }, viewport, bounds);

/**
 * Resized by its bottom right corner, by (dw, dh) from the size the resize started at: it grows
 * only as far as the free space to its right and below allows; it never shrinks below the minimum.
 */
export function resizeRect(
  start: Rect,
  dw: number,
  dh: number,
  viewport: Size,
  bounds: Bounds = BOUNDS,
): Rect {
  const width = fit(start.width + dw, bounds.minWidth, viewport.width - bounds.margin - start.x);
  const height = fit(
    start.height + dh,
    bounds.minHeight,
    viewport.height - bounds.margin - start.y,
  );
  return clampRect({ ...start, width, height }, viewport, bounds);
}

export const viewportSize = (): Size => ({
  width: window.innerWidth,
  height: window.innerHeight,
});
