import { EFFECT_LIMITS } from "@airwave/contracts";

interface Flake {
  x: number;
  y: number;
  r: number;
  speed: number;
  drift: number;
  phase: number;
  alpha: number;
}

/** The flakes of a `width` x `height` area: 80 (chat spec 9), spread over the whole area. */
export function makeFlakes(
  width: number,
  height: number,
  random: () => number = Math.random,
  count: number = EFFECT_LIMITS.snowflakes,
): Flake[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    r: 1 + random() * 2.6,
    speed: 0.35 + random() * 0.9,
    drift: 0.2 + random() * 0.6,
    phase: random() * Math.PI * 2,
    alpha: 0.55 + random() * 0.45,
  }));
}

/** One step of the fall: down by its speed, swaying sideways; below the bottom it starts over on top. */
export function stepFlakes(
  flakes: Flake[],
  width: number,
  height: number,
  random: () => number = Math.random,
): void {
  for (const f of flakes) {
    f.phase += 0.01 + f.drift * 0.01;
    f.y += f.speed;
    f.x += Math.sin(f.phase) * f.drift;
    if (f.y - f.r > height) {
      f.y = -f.r;
      f.x = random() * width;
    }
    if (f.x < -f.r) f.x = width + f.r;
    else if (f.x > width + f.r) f.x = -f.r;
  }
}

export function drawFlakes(ctx: CanvasRenderingContext2D, flakes: Flake[], w: number, h: number) {
  ctx.clearRect(0, 0, w, h);
  for (const f of flakes) {
    ctx.beginPath();
    ctx.fillStyle = `rgba(255, 255, 255, ${f.alpha.toFixed(2)})`;
    ctx.arc(f.x, f.y, f.r, 0, Math.PI * 2);
    ctx.fill();
  }
}
