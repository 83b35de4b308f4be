import { PM_WINDOW } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { clampRect, defaultRect, moveRect, resizeRect } from "./geometry.ts";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const { margin, minWidth, minHeight } = PM_WINDOW;

const inside = (r: { x: number; y: number; width: number; height: number }, vp = desktop) =>
  r.x >= margin &&
  r.y >= margin &&
  r.x + r.width <= vp.width - margin &&
  r.y + r.height <= vp.height - margin;

describe("the PM window's geometry", () => {
  it("opens in the bottom right corner, 16 px from the edges", () => {
    const r = defaultRect(desktop);
    expect(r.x + r.width).toBe(desktop.width - margin);
    expect(r.y + r.height).toBe(desktop.height - margin);
    expect(r.width).toBeGreaterThanOrEqual(minWidth);
    expect(r.height).toBeGreaterThanOrEqual(minHeight);
  });

  it("is never smaller than 360 x 320", () => {
    expect(clampRect({ x: 100, y: 100, width: 10, height: 10 }, desktop)).toEqual({
      x: 100,
      y: 100,
      width: minWidth,
      height: minHeight,
    });
    const small = resizeRect({ x: 100, y: 100, width: 400, height: 400 }, -500, -500, desktop);
    expect(small.width).toBe(minWidth);
    expect(small.height).toBe(minHeight);
  });

  it("stays 16 px inside the viewport however far it is dragged", () => {
    const start = defaultRect(desktop);
    const left = moveRect(start, -5000, -5000, desktop);
    expect(left).toMatchObject({ x: margin, y: margin });
    const right = moveRect(start, 5000, 5000, desktop);
    expect(right.x + right.width).toBe(desktop.width - margin);
    expect(right.y + right.height).toBe(desktop.height - margin);
    expect(inside(left) && inside(right)).toBe(true);
  });

  it("grows only as far as the free space to its right and below", () => {
    const start = { x: 200, y: 100, width: 400, height: 400 };
    const big = resizeRect(start, 5000, 5000, desktop);
    expect(big).toEqual({
      x: 200,
      y: 100,
      width: desktop.width - margin - 200,
      height: desktop.height - margin - 100,
    });
  });

  it("moves back inside when the browser window gets smaller", () => {
    const r = clampRect({ x: 800, y: 300, width: 400, height: 460 }, { width: 900, height: 600 });
    expect(r).toEqual({ x: 900 - margin - 400, y: 600 - margin - 460, width: 400, height: 460 });
    const tight = clampRect(
      { x: 800, y: 300, width: 800, height: 700 },
      { width: 700, height: 500 },
    );
    expect(tight).toEqual({
      x: margin,
      y: margin,
      width: 700 - 2 * margin,
      height: 500 - 2 * margin,
    });
  });

  it("on a phone narrower than 360 + 2 x 16 it fills the width less the margins", () => {
    const r = defaultRect(phone);
    expect(r).toMatchObject({ x: margin, width: phone.width - 2 * margin });
    expect(inside(r, phone)).toBe(true);
    expect(moveRect(r, 100, 0, phone).x).toBe(margin);
  });
});
