import { EFFECT_LIMITS, ROPE_BLINK_DELAYS_MS, ROPE_BULB_COLOURS } from "@airwave/contracts";

interface Bulb {
  x: number;
  colour: string;
  delayMs: number;
}

/**
 * The bulbs of a rope `width` px long: one every `spacing` px (community spec 1: 40, 50 in the top
 * bar), each hanging in the middle of its span; colours cycle through the 5, delays through the 10.
 */
export function ropeBulbs(width: number, spacing: number = EFFECT_LIMITS.ropeBulbSpacing): Bulb[] {
  if (!(width > 0) || !(spacing > 0)) return [];
  const count = Math.floor(width / spacing);
  return Array.from({ length: count }, (_, i) => ({
    x: i * spacing + spacing / 2,
    colour: ROPE_BULB_COLOURS[i % ROPE_BULB_COLOURS.length] as string,
    delayMs: ROPE_BLINK_DELAYS_MS[i % ROPE_BLINK_DELAYS_MS.length] as number,
  }));
}

/** The wire: sagging from one span's end to the next, down to `sag` in the middle of each span. */
export function ropePath(width: number, spacing: number, top: number, sag: number): string {
  const count = Math.floor(width / spacing);
  let d = `M0 ${top}`;
  for (let i = 0; i < count; i++) {
    const start = i * spacing;
    // A quadratic curve reaches half-way to its control point: control at 2*sag - top.
    d += ` Q${start + spacing / 2} ${2 * sag - top} ${start + spacing} ${top}`;
  }
  if (count * spacing < width) d += ` L${width} ${top}`;
  return d;
}
